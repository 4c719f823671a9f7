import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { builtScriptSources } from './page-scripts'

const HASH = "'sha256-8xSfbUC57qdnq7KCtyJZxSzHaJ5OuMfW0fWHk0p8bXc='"

describe('builtScriptSources', () => {
  let dist = ''
  const build = (policy?: string) => {
    dist = mkdtempSync(join(tmpdir(), 'page-scripts-'))
    if (policy !== undefined) writeFileSync(join(dist, 'csp.json'), policy)
    return dist
  }
  afterEach(() => rmSync(dist, { recursive: true, force: true }))

  it('reads the hashes the web build lists', () => {
    expect(builtScriptSources(build(JSON.stringify({ scriptSrc: [HASH] })))).toEqual([HASH])
  })

  it('adds nothing for a build that lists none', () => {
    expect(builtScriptSources(build())).toEqual([])
  })

  it('refuses a list that would let a script through by anything but its hash', () => {
    for (const source of ["'unsafe-inline'", 'https:', '*', "'sha256-abc' 'unsafe-eval'", "'nonce-abc'", `${HASH} *`]) {
      expect(() => builtScriptSources(build(JSON.stringify({ scriptSrc: [source] }))), source).toThrow(/no hash/)
      rmSync(dist, { recursive: true, force: true })
    }
    expect(() => builtScriptSources(build('{"scriptSrc": "x"}'))).toThrow(/no hash/)
    expect(() => builtScriptSources(build('not json'))).toThrow()
  })
})
