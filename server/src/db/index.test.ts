import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrationsFolder, openDatabase } from '.'
import * as schema from './schema'
import { drafts, nonces, sessions } from './schema'

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
        'calendar_feeds.address',
        'calendar_feeds.chain_id',
        'calendar_feeds.created_at',
        'calendar_feeds.token_hash',
        'drafts.chain_id',
        'drafts.created_at',
        'drafts.id',
        'drafts.layers',
        'drafts.name',
        'drafts.owner',
        'drafts.sky_id',
        'drafts.updated_at',
        'nonces.created_at',
        'nonces.expires_at',
        'nonces.used_at',
        'nonces.value',
        'rate_limits.expire',
        'rate_limits.key',
        'rate_limits.points',
        'relay_spend.day',
        'relay_spend.key',
        'relay_spend.requests',
        'relay_spend.scope',
        'relay_spend.wei',
        'relay_transactions.broadcast_at',
        'relay_transactions.call',
        'relay_transactions.chain_id',
        'relay_transactions.cost_wei',
        'relay_transactions.created_at',
        'relay_transactions.forwarder',
        'relay_transactions.gas_limit',
        'relay_transactions.hash',
        'relay_transactions.hashes',
        'relay_transactions.id',
        'relay_transactions.max_fee_per_gas',
        'relay_transactions.max_priority_fee_per_gas',
        'relay_transactions.nonce',
        'relay_transactions.player',
        'relay_transactions.raw',
        'relay_transactions.relayer',
        'relay_transactions.request_nonce',
        'relay_transactions.reservation',
        'relay_transactions.reserved_wei',
        'relay_transactions.settled_at',
        'relay_transactions.signature',
        'relay_transactions.status',
        'relay_welcomes.at',
        'relay_welcomes.chain_id',
        'relay_welcomes.id',
        'relay_welcomes.player',
        'reminder_sends.chain_id',
        'reminder_sends.claimed_at',
        'reminder_sends.endpoint',
        'reminder_sends.night',
        'reminder_sends.sent_at',
        'reminder_sends.sky_id',
        'reminders.address',
        'reminders.auth',
        'reminders.chain_id',
        'reminders.created_at',
        'reminders.endpoint',
        'reminders.hour',
        'reminders.id',
        'reminders.p256dh',
        'reminders.sky_id',
        'reminders.tz_offset',
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

  it('upgrades a database made by an earlier release, keeping its data', async () => {
    // The first release's migrations alone: the journal cut after its one entry.
    const firstRelease = join(tempDir('migrations-'), 'drizzle')
    cpSync(migrationsFolder, firstRelease, { recursive: true })
    writeFileSync(
      join(firstRelease, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }),
    )
    const dataDir = join(tempDir('pglite-'), 'pglite')
    const client = new PGlite(dataDir)
    const old = drizzle({ client, schema })
    await migrate(old, { migrationsFolder: firstRelease })
    expect((await client.query(`select to_regclass('drafts') as t`)).rows).toEqual([{ t: null }])
    const now = new Date()
    await old.insert(sessions).values({ tokenHash: 'kept', address: '0x0', chainId: 1, createdAt: now, expiresAt: now })
    await client.close()

    const upgraded = await openDatabase({ dataDir })
    try {
      expect(await appliedMigrations(upgraded)).toEqual({ n: journal.entries.length })
      expect(await upgraded.db.select({ tokenHash: sessions.tokenHash }).from(sessions)).toEqual([
        { tokenHash: 'kept' },
      ])
      expect(await upgraded.db.select().from(drafts)).toEqual([])
    } finally {
      await upgraded.close()
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
