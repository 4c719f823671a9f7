// The house rules of docs/architecture.md, checked on the files git tracks: no source file over 400 lines but data,
// and no workspace's code importing a workspace that stands above it.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean)
const source = tracked.filter((path) => /\.(ts|tsx|mts|js|mjs|sol|css)$/.test(path))

/** Files that are data rather than code: written by a generator, or a table of the game's content. */
const DATA = [/^contracts\/src\/generated\//, /^contracts\/catalogue\//, /^indexer\/ponder-env\.d\.ts$/]

/** Where each workspace stands: a workspace's code imports only those below it (contracts and art at the bottom). */
const FLOOR: Record<string, number> = {
  contracts: 0,
  art: 1,
  indexer: 2,
  server: 3,
  scripts: 3,
  web: 4,
  e2e: 5,
  bench: 6,
}

/** Tests and their helpers may use the test infrastructure of the orchestration (scripts), which stands above them. */
const isTest = (path: string) =>
  /\.(test|spec)\.tsx?$/.test(path) || /^(server|indexer)\/test\//.test(path) || /\/testing\//.test(path)

const linesOf = (path: string) => readFileSync(join(root, path), 'utf8').split('\n').length - 1

describe('the house', () => {
  it('has no source file over 400 lines but data', () => {
    const long = source
      .filter((path) => !DATA.some((data) => data.test(path)))
      .map((path) => ({ path, lines: linesOf(path) }))
      .filter(({ lines }) => lines > 400)
    expect(long).toEqual([])
  })

  it('imports no workspace from one below it', () => {
    const upward: string[] = []
    for (const path of source.filter((p) => /\.(ts|tsx|mts)$/.test(p) && !isTest(p))) {
      const workspace = path.split('/')[0] as string
      const floor = FLOOR[workspace]
      if (floor === undefined) continue
      const text = readFileSync(join(root, path), 'utf8')
      for (const [, name] of text.matchAll(/from '@chainellation\/([\w-]+)/g)) {
        const other = FLOOR[name as string]
        if (name !== workspace && other !== undefined && other >= floor) upward.push(`${path} → ${name}`)
      }
    }
    expect(upward).toEqual([])
  })

  it('sees the files it checks', () => {
    // A check of nothing would pass: the tree has hundreds of source files in every workspace.
    for (const workspace of Object.keys(FLOOR)) {
      expect(source.filter((path) => path.startsWith(`${workspace}/`)).length).toBeGreaterThan(5)
    }
  })
})
