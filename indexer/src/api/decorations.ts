import { db } from 'ponder:api'
import { decoration } from 'ponder:schema'
import { Hono } from 'hono'
import { asc } from 'ponder'
import { getAddress } from 'viem'
import type { DecorationJson } from './json.ts'

/** The decorations registered, in the order of their ids. */
export const decorationRoutes = new Hono().get('/decorations', async (c) => {
  const rows = await db.select().from(decoration).orderBy(asc(decoration.id))
  const decorations = rows.map(
    (row): DecorationJson => ({
      id: row.id,
      address: getAddress(row.address),
      layer: row.layer,
      free: row.free,
      purchases: row.purchases,
    }),
  )
  return c.json({ decorations })
})
