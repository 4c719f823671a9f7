import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPostgresCluster, type PostgresCluster } from '@chainellation/scripts/postgres'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsFolder, openDatabase } from '.'

let cluster: PostgresCluster
beforeAll(async () => {
  cluster = await createPostgresCluster()
}, 60_000)
afterAll(() => cluster?.destroy())

describe('openDatabase on Postgres', () => {
  it('lets API processes that start together on a fresh database each migrate it, once', async () => {
    const handles = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ url: cluster.url })))
    try {
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[]
      }
      const [first] = handles
      const applied = (await first?.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as
        | { n: number }[]
        | undefined
      expect(applied?.[0]?.n).toBe(journal.entries.length)
    } finally {
      await Promise.all(handles.map((h) => h.close()))
    }
  })
})
