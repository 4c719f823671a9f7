// The tests' databases. Each test file opens its own in-memory PGlite; PGlite's initdb would take 1.5 s of CPU for
// each, and the copy of one made and migrated once per worker takes 0.4 s. Not imported by the server itself.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedPgliteDir } from '@chainellation/scripts/pglite-template'
import { PGlite } from '@electric-sql/pglite'
import { type DatabaseHandle, openDatabase } from '../src/db'

let dump: Promise<Blob> | undefined

/** An empty database, migrated, as a dump PGlite loads (made once per worker). */
export function migratedDump(): Promise<Blob> {
  dump ??= (async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chainellation-db-template-'))
    try {
      await seedPgliteDir(dataDir, 'server')
      const migrated = await openDatabase({ dataDir })
      await migrated.close()
      const db = new PGlite(dataDir)
      try {
        // Asked before PGlite is ready, it never answers.
        await db.waitReady
        return await db.dumpDataDir('none')
      } finally {
        await db.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })()
  return dump
}

/**
 * The database a test file opens, through `openDatabase` as the API does: Postgres at TEST_DATABASE_URL when it is
 * set, else an in-memory PGlite that begins migrated (`openDatabase` still runs the migrations, finding none left).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL
  return url ? openDatabase({ url }) : openDatabase({ loadDataDir: await migratedDump() })
}

/**
 * Fills `dataDir` with an empty PGlite database for an API process to open, as the local stack does, where what is
 * tried is not the making of a new one.
 */
export const seedDataDir = (dataDir: string) => seedPgliteDir(dataDir, 'server')
