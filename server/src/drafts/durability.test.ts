import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeChaosReport } from '@chainellation/scripts/chaos'
import { createPostgresCluster, type PostgresCluster } from '@chainellation/scripts/postgres'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { apiEntry } from '../../test/api-build'
import { seedDataDir } from '../../test/database'
import { burst, contentOf, type Found, judgeLane, planLanes } from '../../test/durability'
import { type ApiProcess, startApi } from '../../test/server'
import { signInMany, testOrigin } from '../../test/sign-in'
import { migrationsFolder, openDatabase } from '../db'
import type { DraftJson } from './routes'

const ACCOUNTS = 4
/** 32 drafts, 8 per account, 362 writes in all. */
const LANES = 32
/** The kill comes after this many acknowledged writes: about half-way through the burst. */
const KILL_AFTER = 180

const migrations = (
  JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length

const dataRoot = mkdtempSync(join(tmpdir(), 'drafts-durability-'))
let cluster: PostgresCluster | undefined
afterAll(async () => {
  await cluster?.destroy()
  rmSync(dataRoot, { recursive: true, force: true })
})

type Path = {
  name: 'PGlite' | 'Postgres'
  file: string
  env: Record<string, string>
  database: { url?: string; dataDir?: string }
}

/** Migrations recorded in the database, read with the API stopped (PGlite allows one process at a time). */
async function appliedMigrations(database: Path['database']): Promise<number> {
  const handle = await openDatabase(database)
  try {
    const result = (await handle.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown
    // postgres.js answers with the rows themselves, PGlite with an object that holds them.
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[]
    return rows[0]?.n ?? 0
  } finally {
    await handle.close()
  }
}

/**
 * Starts the API on `path`, runs the burst, SIGKILLs the API half-way (and, with `crashDatabase`, the database
 * server right after), restarts it all on the same data and checks every acknowledged write. Writes the figures
 * to the chaos report before asserting, so that `npm run chaos` shows them even when a check fails.
 */
async function crashAndCheck(path: Path, crashDatabase?: () => Promise<void>) {
  // Sign-in on the local chain with a node that is not there: EOA signatures are checked by ECDSA recovery.
  // The burst comes from one address and a few accounts, far faster than any player: the write limits are lifted.
  const env = {
    ...path.env,
    LOCAL_RPC_URL: 'http://127.0.0.1:9',
    SEPOLIA_RPC_URL: 'http://127.0.0.1:9',
    DRAFT_WRITE_RATE_LIMIT: '1000000',
    ACCOUNT_DRAFT_WRITE_RATE_LIMIT: '1000000',
  }
  const first = await startApi(env, { entry: apiEntry() })
  const lanes = planLanes(await signInMany(first, ACCOUNTS), LANES)
  await burst(first.base, lanes, KILL_AFTER, () => first.kill('SIGKILL'))
  expect(await first.exited).toBe('SIGKILL')
  await crashDatabase?.()

  const acknowledged = lanes.reduce((n, lane) => n + lane.acked.length, 0)
  let found = 0
  const problems: string[] = []
  let second: ApiProcess | undefined
  let opened = false
  const listed = new Map<string, string[]>()
  try {
    second = await startApi(env, { entry: apiEntry() })
    for (const lane of lanes) {
      if (!lane.id) continue
      const res = await fetch(`${second.base}/api/drafts/${lane.id}`)
      const after: Found =
        res.status === 200 ? { status: 200, draft: (await res.json()) as DraftJson } : { status: 404 }
      if (res.status !== 200 && res.status !== 404) problems.push(`lane ${lane.index}: GET answered ${res.status}`)
      const verdict = judgeLane(lane, after)
      found += verdict.found
      if (verdict.problem) problems.push(verdict.problem)
    }
    // The sessions were acknowledged writes too: each account's cookie still lists its drafts.
    for (const cookie of new Set(lanes.map((l) => l.cookie))) {
      const res = await fetch(`${second.base}/api/drafts`, { headers: { Cookie: cookie } })
      const body = (await res.json()) as { drafts?: DraftJson[] }
      listed.set(cookie, body.drafts?.map((d) => d.id) ?? [`answered ${res.status}`])
    }
    // Written after the restart: the database takes writes again, the create's advisory lock included.
    const created = await fetch(`${second.base}/api/drafts`, {
      method: 'POST',
      headers: { Origin: testOrigin, Cookie: lanes[0]?.cookie ?? '', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...contentOf(LANES, 1), chainId: 31337 }),
    })
    second.kill('SIGTERM')
    const stopped = await second.exited
    opened =
      created.status === 201 &&
      second.output().stderr === '' &&
      stopped === 0 &&
      (await appliedMigrations(path.database)) === migrations
  } finally {
    writeChaosReport(`durability-${path.file}.json`, {
      section: `Durability (${path.name})`,
      rows: [
        { measure: 'writes acknowledged', value: acknowledged },
        { measure: 'found after the crash', value: found, expected: acknowledged },
        { measure: 'database opened cleanly', value: opened ? 'yes' : 'no', expected: 'yes' },
      ],
    })
  }

  expect(lanes.flatMap((l) => (l.refused ? [l.refused] : []))).toEqual([])
  // The kill came in the middle of the burst, with writes still on their way.
  const planned = lanes.reduce((n, lane) => n + lane.ops.length, 0)
  expect(acknowledged).toBeGreaterThanOrEqual(KILL_AFTER)
  expect(acknowledged).toBeLessThan(planned)
  expect(lanes.filter((l) => l.unanswered).length).toBeGreaterThan(0)
  expect(lanes.some((l) => l.acked.at(-1)?.op.kind === 'delete')).toBe(true)
  expect(problems).toEqual([])
  expect(found).toBe(acknowledged)
  expect(second?.output()).toEqual({ stdout: expect.stringContaining('API listening'), stderr: '' })
  expect(opened).toBe(true)
  for (const [cookie, ids] of listed) {
    const mine = lanes.filter((l) => l.cookie === cookie)
    const present = mine.filter((l) => l.id && l.acked.at(-1)?.op.kind !== 'delete' && l.unanswered?.kind !== 'delete')
    const maybe = mine.filter((l) => l.unanswered?.kind === 'delete' || (!l.id && l.unanswered?.kind === 'create'))
    expect(ids).toEqual(expect.arrayContaining(present.map((l) => l.id)))
    // Beyond those: a delete that may not have committed, or a create whose id never came back.
    expect(ids.length).toBeLessThanOrEqual(present.length + maybe.length)
  }
}

// Each path starts the API twice; generous for a busy two-core machine.
describe('acknowledged draft writes survive a SIGKILL in the middle of a burst', { timeout: 120_000 }, () => {
  it('on PGlite, in DATA_DIR', async () => {
    const dataDir = join(dataRoot, 'pglite')
    await seedDataDir(dataDir)
    await crashAndCheck({ name: 'PGlite', file: 'pglite', env: { DATA_DIR: dataDir }, database: { dataDir } })
  })

  it('on Postgres, in DATABASE_URL, the database server killed too', async () => {
    const pg = await createPostgresCluster()
    cluster = pg
    await crashAndCheck(
      { name: 'Postgres', file: 'postgres', env: { DATABASE_URL: pg.url }, database: { url: pg.url } },
      async () => {
        await pg.crash()
        await pg.start()
      },
    )
    expect(pg.log()).toContain('database system was not properly shut down; automatic recovery in progress')
  })
})
