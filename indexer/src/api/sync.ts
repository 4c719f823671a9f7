import { db, publicClients } from 'ponder:api'
import { Hono } from 'hono'
import { sql } from 'ponder'
import type { SyncJson } from './json.ts'

/** Rows of a raw query, whichever driver (PGlite or node-postgres) ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

/**
 * The block number inside a Ponder checkpoint: fixed-width decimal fields, 10 digits of block timestamp, 16 of chain
 * id, then 16 of block number (ponder/src/utils/checkpoint.ts).
 */
function checkpointBlock(checkpoint: string): number {
  return Number(checkpoint.slice(26, 42))
}

/** How far the index has come along the chain. */
export const syncRoutes = new Hono().get('/sync', async (c) => {
  const [[checkpoint], [meta], head] = await Promise.all([
    db
      .execute(sql`select latest_checkpoint from _ponder_checkpoint limit 1`)
      .then((result) => rowsOf<{ latest_checkpoint: string }>(result)),
    db
      .execute(sql`select value from _ponder_meta where key = 'app'`)
      .then((result) => rowsOf<{ value: { is_ready?: number } }>(result)),
    publicClients.game.getBlockNumber({ cacheTime: 1_000 }).catch(() => null),
  ])
  const indexedBlock = checkpoint ? checkpointBlock(checkpoint.latest_checkpoint) : null
  return c.json<SyncJson>({
    chainId: publicClients.game.chain?.id ?? null,
    ready: meta?.value.is_ready === 1,
    indexedBlock,
    headBlock: head === null ? null : Number(head),
    behind: head === null || indexedBlock === null ? null : Math.max(0, Number(head) - indexedBlock),
  })
})
