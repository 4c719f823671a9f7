import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Sql } from 'postgres'
import { serverDir } from '../paths'
import * as schema from './schema'

/** The API's database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export type OpenDatabaseOptions = {
  /** Postgres connection string; when set, the API uses that server. */
  url?: string
  /** PGlite data folder when no `url` is given; omit both for an in-memory database (tests). */
  dataDir?: string
  /**
   * With PGlite, a database to begin from (a data folder dumped by PGlite's `dumpDataDir`) instead of an empty one:
   * tests start theirs from one dump rather than each running initdb (test/database.ts).
   */
  loadDataDir?: Blob
}

export type DatabaseHandle = {
  db: Database
  driver: 'postgres' | 'pglite'
  /** The postgres.js client behind `db` on Postgres, for what shares its connections (rate limits, metrics). */
  postgres?: Sql
  /** On Postgres, the server's connection string, for what opens connections of its own (the job queue). */
  url?: string
  /** The PGlite database behind `db` without Postgres, for what shares its one connection (the job queue). */
  pglite?: import('@electric-sql/pglite').PGlite
  close: () => Promise<void>
}

/** The advisory lock key the API's migrations are serialized under (any number the API alone uses). */
const MIGRATION_LOCK = 0x636861696e

/** The migrations drizzle-kit generated from `schema.ts`, one set for both drivers. */
export const migrationsFolder = join(serverDir, 'drizzle')

/**
 * Opens the database and brings its schema up to date before returning. Each driver is imported only when it is
 * used: on Postgres, PGlite (its WebAssembly PostgreSQL and its data files) is never loaded.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const [{ default: postgres }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
      import('drizzle-orm/postgres-js/migrator'),
    ])
    // Notices such as "schema already exists, skipping" from the migrator are noise.
    // Named, so that an operator tells the API's connections apart in pg_stat_activity.
    const client = postgres(options.url, { onnotice: () => {}, connection: { application_name: 'chainellation-api' } })
    const db = drizzlePostgres({ client, schema })
    try {
      // API processes starting side by side (replicas behind a load balancer) would each create the migrations'
      // table and run the same migration at once, and all but one fail on its unique key: one migrates at a time,
      // the others then find nothing left to do. A session-level advisory lock, held on a connection of its own.
      const holder = await client.reserve().catch((error: unknown) => {
        throw new Error('could not connect', { cause: error })
      })
      try {
        await holder`select pg_advisory_lock(${MIGRATION_LOCK})`
        await migratePostgres(db, { migrationsFolder })
      } finally {
        await holder`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {})
        holder.release()
      }
    } catch (error) {
      await client.end({ timeout: 1 })
      throw error
    }
    return { db, driver: 'postgres', postgres: client, url: options.url, close: () => client.end({ timeout: 5 }) }
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true })
  // Durability as configured, checked by src/drafts/durability.test.ts: a write PGlite has answered survives the
  // process being killed. PostgreSQL inside writes the WAL at each commit (synchronous_commit stays on; turned off,
  // that test loses most of a burst), and PGlite's Node filesystem hands every write to the operating system at
  // once (fs.writeSync; its syncToFs, which `relaxedDurability` skips, does nothing on Node). What PGlite does not
  // survive is the machine going down: it starts PostgreSQL with fsync off (-F) and its Node filesystem has no
  // fsync, so the last commits may still be in the OS cache. Deployments that must outlive a power cut use
  // Postgres (DATABASE_URL), which fsyncs its WAL.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ])
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir })
  const db = drizzlePglite({ client, schema })
  try {
    await migratePglite(db, { migrationsFolder })
  } catch (error) {
    await client.close()
    throw error
  }
  return { db, driver: 'pglite', pglite: client, close: () => client.close() }
}
