import { createPostgresCluster, type PostgresCluster } from '@chainellation/scripts/postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../db'
import { reserve, spent } from './budgets'

let cluster: PostgresCluster
/** Two API processes' databases: each its own connections to the one cluster, as two processes have. */
let first: DatabaseHandle
let second: DatabaseHandle
beforeAll(async () => {
  cluster = await createPostgresCluster()
  first = await openDatabase({ url: cluster.url })
  second = await openDatabase({ url: cluster.url })
}, 120_000)
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()])
  await cluster?.destroy()
})

describe('the relayer’s budgets on Postgres, from two API processes', () => {
  it('never spend past a budget together, however many reserve at once from either', async () => {
    const budgets = { playerWei: 10_000n, clientWei: 10_000n, allWei: 3_000n }
    const at = new Date('2026-11-29T12:00:00Z')
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        reserve(
          (i % 2 ? first : second).db,
          budgets,
          { player: `0x${(i + 1).toString(16).padStart(40, '0')}`, client: `client-${i}` },
          250n,
          at,
        ),
      ),
    )
    expect(results.filter((result) => !('code' in result))).toHaveLength(12)
    expect(await spent(first.db, 'all', '', at)).toEqual({ wei: 3_000n, requests: 12 })
  })
})
