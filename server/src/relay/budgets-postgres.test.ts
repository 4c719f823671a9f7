import { describe, expect, it } from 'vitest'
import { useTwoProcessDatabases } from '../../test/postgres'
import { reserve, spent } from './budgets'

/** Two API processes' databases on one cluster. */
const databases = useTwoProcessDatabases()

describe('the relayer’s budgets on Postgres, from two API processes', () => {
  it('never spend past a budget together, however many reserve at once from either', async () => {
    const budgets = {
      playerWei: 10_000n,
      clientWei: 10_000n,
      allWei: 3_000n,
      newcomersWei: 3_000n,
      newPlayersPerMinute: 100,
    }
    const at = new Date('2026-11-29T12:00:00Z')
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        reserve(
          (i % 2 ? databases.first : databases.second).db,
          budgets,
          { player: `0x${(i + 1).toString(16).padStart(40, '0')}`, client: `client-${i}` },
          250n,
          at,
        ),
      ),
    )
    expect(results.filter((result) => !('code' in result))).toHaveLength(12)
    expect(await spent(databases.first.db, 'all', '', at)).toEqual({ wei: 3_000n, requests: 12 })
  })
})
