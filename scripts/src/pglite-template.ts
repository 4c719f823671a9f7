// A new PGlite database starts from a copy of an empty one, made once per PGlite build, instead of from nothing.
//
// PGlite runs PostgreSQL's initdb in a folder it finds empty: 3 to 4 s of CPU before the first query (the API started
// on an empty DATA_DIR took 4.0-4.4 s of CPU to listen, and 0.7-0.9 s on a folder already made). The local stack, the
// end-to-end suite and the tests start dozens of databases that begin empty, the API's and the indexer's, so each is
// copied instead from a cluster that initdb made once and that is kept in node_modules/.cache, one per PGlite version
// (the API and Ponder each bring their own, and a data folder belongs to the PostgreSQL inside the one that made it).
// The copy is what initdb would have written; the schema is still made and migrated by whoever opens it.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ponderBin } from '@chainellation/indexer/ponder-bin'

const root = fileURLToPath(new URL('../..', import.meta.url))
const defaultCache = join(root, 'node_modules', '.cache', 'chainellation')

/** Whose PGlite: the API's (server) or the indexer's (the one Ponder depends on). */
export type PgliteOwner = 'server' | 'indexer'

type PgliteModule = { PGlite: new (dataDir?: string) => { waitReady: Promise<void>; close: () => Promise<void> } }

/** The entry and the folder of the PGlite package `owner` runs, found as its own code finds it. */
function pglitePackage(owner: PgliteOwner): { entry: string; dir: string } {
  const from =
    owner === 'server'
      ? createRequire(join(root, 'server', 'package.json'))
      : // Ponder imports PGlite itself: resolve it from Ponder's code, wherever npm put it.
        createRequire(ponderBin)
  const entry = from.resolve('@electric-sql/pglite')
  let dir = dirname(entry)
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  return { entry, dir }
}

const isEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0

/**
 * The empty cluster of `owner`'s PGlite: made on first use (about 3 s), then kept. Processes making it at once each
 * make their own and the first to finish keeps it.
 */
export async function pgliteTemplate(owner: PgliteOwner, cacheDir = defaultCache): Promise<string> {
  const pglite = pglitePackage(owner)
  const { version } = JSON.parse(readFileSync(join(pglite.dir, 'package.json'), 'utf8')) as { version: string }
  const template = join(cacheDir, `pglite-${version}`)
  if (existsSync(join(template, 'PG_VERSION'))) return template
  mkdirSync(cacheDir, { recursive: true })
  const making = mkdtempSync(join(cacheDir, `.pglite-${version}-`))
  try {
    const { PGlite } = (await import(pathToFileURL(pglite.entry).href)) as PgliteModule
    const db = new PGlite(making)
    await db.waitReady
    await db.close()
    try {
      renameSync(making, template)
    } catch (error) {
      // Another process kept its own first.
      if (!existsSync(join(template, 'PG_VERSION'))) throw error
    }
  } finally {
    rmSync(making, { recursive: true, force: true })
  }
  return template
}

/**
 * Fills `dataDir` with an empty cluster of `owner`'s PGlite when it is missing or empty; a folder that holds a
 * database is left as it is.
 */
export async function seedPgliteDir(dataDir: string, owner: PgliteOwner, cacheDir = defaultCache): Promise<void> {
  if (!isEmpty(dataDir)) return
  const template = await pgliteTemplate(owner, cacheDir)
  mkdirSync(dataDir, { recursive: true })
  cpSync(template, dataDir, { recursive: true })
}
