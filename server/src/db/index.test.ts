import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrationsFolder, openDatabase } from '.'
import { nonces } from './schema'

const serverDir = fileURLToPath(new URL('../..', import.meta.url))
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[]
}
const temporary: string[] = []
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  temporary.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true })
})

/** Rows of a raw query; these tests run on PGlite, whose results carry `rows`. */
const rows = async <T>({ db }: DatabaseHandle, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows

const appliedMigrations = async (database: DatabaseHandle) =>
  (await rows<{ n: number }>(database, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]

describe('openDatabase', () => {
  it('migrates a fresh in-memory PGlite to the schema', async () => {
    const database = await openDatabase()
    try {
      expect(database.driver).toBe('pglite')
      const columns = await rows<{ table_name: string; column_name: string }>(
        database,
        sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by 1, 2`,
      )
      expect(columns.map((r) => `${r.table_name}.${r.column_name}`)).toEqual([
        'nonces.created_at',
        'nonces.expires_at',
        'nonces.used_at',
        'nonces.value',
        'sessions.address',
        'sessions.chain_id',
        'sessions.created_at',
        'sessions.expires_at',
        'sessions.token_hash',
      ])
      expect(await appliedMigrations(database)).toEqual({ n: journal.entries.length })
    } finally {
      await database.close()
    }
  })

  it('keeps data in its data folder and applies each migration once', async () => {
    const dataDir = join(tempDir('pglite-'), 'nested', 'pglite')
    const first = await openDatabase({ dataDir })
    const now = new Date()
    await first.db.insert(nonces).values({ value: 'kept0000', createdAt: now, expiresAt: now })
    await first.close()

    const second = await openDatabase({ dataDir })
    try {
      expect(await second.db.select({ value: nonces.value }).from(nonces)).toEqual([{ value: 'kept0000' }])
      expect(await appliedMigrations(second)).toEqual({ n: journal.entries.length })
    } finally {
      await second.close()
    }
  })

  it('uses Postgres when given a URL, and rejects when the server cannot be reached', async () => {
    await expect(openDatabase({ url: 'postgres://chainellation@127.0.0.1:1/chainellation' })).rejects.toMatchObject({
      cause: { code: 'ECONNREFUSED' },
    })
  })
})

describe('migrations', () => {
  it('are up to date with schema.ts', async () => {
    // drizzle-kit writes a new migration into a copy of the folder if the schema has changed since the last one.
    const copy = join(tempDir('migrations-'), 'drizzle')
    cpSync(migrationsFolder, copy, { recursive: true })
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        'scripts/drizzle-kit.mjs',
        'generate',
        '--dialect=postgresql',
        '--schema=src/db/schema.ts',
        // drizzle-kit takes its output folder relative to the working directory.
        `--out=${relative(serverDir, copy)}`,
      ],
      { cwd: serverDir },
    )
    expect(stdout).toContain('No schema changes')
    expect(readdirSync(copy)).toEqual(readdirSync(migrationsFolder))
  })
})
