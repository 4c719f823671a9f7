import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { pgliteTemplate, seedPgliteDir } from './pglite-template'

const work = mkdtempSync(join(tmpdir(), 'chainellation-pglite-template-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('a PGlite database begun from a template', () => {
  const cache = join(work, 'cache')

  it('makes each PGlite’s empty cluster once, whoever asks at the same time, and leaves nothing half-made', async () => {
    // The indexer's from the machine's own cache, where `npm test` has made it before the suites (made here
    // otherwise): a third initdb in this folder would show nothing the two below do not, for 3 to 4 s of CPU.
    const [server, again, indexer] = await Promise.all([
      pgliteTemplate('server', cache),
      pgliteTemplate('server', cache),
      pgliteTemplate('indexer'),
    ])
    expect(again).toBe(server)
    // One folder per PGlite build, named by its version: the API's and Ponder's are not the same.
    expect(server).toMatch(/pglite-\d+\.\d+\.\d+$/)
    expect(indexer).toMatch(/pglite-\d+\.\d+\.\d+$/)
    expect(basename(indexer)).not.toBe(basename(server))
    expect(existsSync(join(indexer, 'PG_VERSION'))).toBe(true)
    expect(readdirSync(cache)).toEqual([basename(server)])
    expect(existsSync(join(server, 'PG_VERSION'))).toBe(true)
  })

  it('fills an empty folder with a database PGlite opens and writes to', async () => {
    const dataDir = join(work, 'empty')
    mkdirSync(dataDir)
    await seedPgliteDir(dataDir, 'server', cache)
    const db = new PGlite(dataDir)
    try {
      await db.exec('create table t (n int); insert into t values (7)')
      expect((await db.query<{ n: number }>('select n from t')).rows).toEqual([{ n: 7 }])
    } finally {
      await db.close()
    }
    // The copy is the folder's own: the template stays empty.
    const again = join(work, 'again')
    await seedPgliteDir(again, 'server', cache)
    const fresh = new PGlite(again)
    try {
      expect((await fresh.query(`select to_regclass('t') as t`)).rows).toEqual([{ t: null }])
    } finally {
      await fresh.close()
    }
  })

  it('leaves a folder that holds something as it is', async () => {
    const dataDir = join(work, 'kept')
    mkdirSync(dataDir)
    writeFileSync(join(dataDir, 'mine'), '')
    await seedPgliteDir(dataDir, 'indexer', cache)
    expect(readdirSync(dataDir)).toEqual(['mine'])
  })
})
