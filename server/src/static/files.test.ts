import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webFiles } from './files'

const script = (word: string) => `export const words = ${JSON.stringify(`${word} `.repeat(2000))}`

describe('webFiles', () => {
  let root: string
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'web-files-'))
    mkdirSync(join(root, 'assets'))
    writeFileSync(join(root, 'assets', 'app-1a2b.js'), script('stars'))
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>home</title>')
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('reads and compresses a file once, for every request at once and after', async () => {
    const files = webFiles(root)
    const [a, b] = await Promise.all([files.file('assets/app-1a2b.js'), files.file('assets/app-1a2b.js')])
    expect(b).toBe(a)
    expect(await files.file('assets/app-1a2b.js')).toBe(a)
    expect(brotliDecompressSync(a?.codings.br as Buffer).toString()).toBe(script('stars'))
    expect(a?.type).toMatch(/^text\/javascript/)
    expect(await files.text('index.html')).toBe('<!doctype html><title>home</title>')
  })

  it('serves a file as it now is once it changed on disk, after at most a second', async () => {
    let clock = 0
    const files = webFiles(root, { now: () => clock })
    writeFileSync(join(root, 'changing.js'), script('dusk'))
    const before = await files.file('changing.js')
    writeFileSync(join(root, 'changing.js'), script('dawn!'))
    expect(await files.file('changing.js')).toBe(before)
    clock += 1000
    const after = await files.file('changing.js')
    expect(after?.etag).not.toBe(before?.etag)
    expect(brotliDecompressSync(after?.codings.br as Buffer).toString()).toBe(script('dawn!'))
    rmSync(join(root, 'changing.js'))
    clock += 1000
    expect(await files.file('changing.js')).toBeUndefined()
  })

  it('has no file for a folder or a missing name', async () => {
    const files = webFiles(root)
    expect(await files.file('assets')).toBeUndefined()
    expect(await files.file('missing.js')).toBeUndefined()
    expect(await files.text('missing.html')).toBeUndefined()
  })

  it('keeps no more bytes than its bound', async () => {
    const files = webFiles(root, { maxBytes: 5000 })
    await files.file('assets/app-1a2b.js')
    await files.file('index.html')
    expect(files.size().bytes).toBeLessThanOrEqual(5000)
  })
})
