import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app'
import * as schema from './db/schema'
import { pageHtml } from './web-pages'

const page = (name: string) => `<!doctype html><title>${name}</title>`

describe('the HTML of client-side routes', () => {
  let full: string
  let bare: string
  beforeAll(() => {
    full = mkdtempSync(join(tmpdir(), 'web-pages-'))
    for (const name of ['index', 'mint', 'stargaze', 'shell']) writeFileSync(join(full, `${name}.html`), page(name))
    bare = mkdtempSync(join(tmpdir(), 'web-pages-bare-'))
    writeFileSync(join(bare, 'index.html'), page('index'))
  })
  afterAll(() => {
    rmSync(full, { recursive: true, force: true })
    rmSync(bare, { recursive: true, force: true })
  })

  it("is the page's own where the build wrote one, the shell elsewhere, and the home page at the root", async () => {
    const cases: [string, string][] = [
      ['/', 'index'],
      ['/mint', 'mint'],
      ['/mint/', 'mint'],
      ['/stargaze', 'stargaze'],
      ['/compose', 'shell'],
      ['/sky/42', 'shell'],
      ['/draft/abc', 'shell'],
      ['/no-such-page', 'shell'],
      // Longer than a file name may be: no page of its own, and no error.
      [`/${'a'.repeat(300)}`, 'shell'],
    ]
    for (const [path, name] of cases) expect((await pageHtml(full, path)).html, path).toBe(page(name))
  })

  it('answers 404 for a path none of the app’s pages claims, once the build lists them', async () => {
    writeFileSync(
      join(full, 'routes.json'),
      JSON.stringify({ paths: ['/', '/mint', '/compose/:skyId', '/sky/:skyId', '/collector/:address'] }),
    )
    try {
      for (const path of ['/', '/mint', '/mint/', '/compose/7', `/collector/0x${'1'.repeat(40)}`])
        expect((await pageHtml(full, path)).status, path).toBe(200)
      for (const path of ['/nope', '/mint/extra', '/compose', '/compose/7/8', `/${'a'.repeat(300)}`])
        expect(await pageHtml(full, path), path).toMatchObject({ html: page('shell'), status: 404 })
    } finally {
      rmSync(join(full, 'routes.json'))
    }
    // A build without the list (an older one): every path is the app's to answer.
    expect((await pageHtml(full, '/nope')).status).toBe(200)
  })

  it("is a sky's page with its number written in, for a sky number as the web app reads one", async () => {
    const sky = (id: string) =>
      `<!doctype html><div id="root" data-prerendered="/sky/${id}"><h1>Night sky #${id}</h1><a href="/compose/${id}">`
    writeFileSync(join(full, '_sky.html'), sky('9007199254740991'))
    try {
      for (const id of ['1', '42', '9007199254740991'])
        expect(await pageHtml(full, `/sky/${id}`), id).toEqual({ html: sky(id), status: 200 })
      expect((await pageHtml(full, '/sky/42/')).html, 'trailing slash').toBe(sky('42'))
      // Not a sky number the app reads: the app says so, from the shell, and the answer says 404.
      for (const path of ['/sky/0', '/sky/07', '/sky/1.5', '/sky/9007199254740992', '/sky/%20']) {
        expect(await pageHtml(full, path), path).toEqual({ html: page('shell'), status: 404, file: 'shell.html' })
      }
      // Not a sky's address at all: the shell, whose app shows what it is.
      for (const path of ['/sky', '/sky/1/2', '/_sky'])
        expect((await pageHtml(full, path)).html, path).toBe(page('shell'))
    } finally {
      rmSync(join(full, '_sky.html'), { force: true })
    }
  })

  it("keeps a sky's page written without the sky while it would be written the same", async () => {
    const sky = (id: string, words = '') =>
      `<!doctype html><div id="root" data-prerendered="/sky/${id}"><h1>Night sky #${id}${words}</h1>`
    writeFileSync(join(full, '_sky.html'), sky('9007199254740991'))
    try {
      const unread = { sky: async () => ({ kind: 'unread' as const }) }
      const missing = { sky: async () => ({ kind: 'missing' as const }) }
      const first = await pageHtml(full, '/sky/5', unread)
      expect(first).toEqual({ html: sky('5'), status: 200 })
      expect(await pageHtml(full, '/sky/5', unread)).toBe(first)
      // Another number, another answer, or another build's page: written anew.
      expect(await pageHtml(full, '/sky/6', unread)).toEqual({ html: sky('6'), status: 200 })
      expect(await pageHtml(full, '/sky/5', missing)).toEqual({ html: sky('5'), status: 404 })
      writeFileSync(join(full, '_sky.html'), sky('9007199254740991', ' (new)'))
      expect(await pageHtml(full, '/sky/5', unread)).toEqual({ html: sky('5', ' (new)'), status: 200 })
    } finally {
      rmSync(join(full, '_sky.html'), { force: true })
    }
  })

  it("is the shell for a collector's page, and 404 where the address cannot be an account's", async () => {
    const lower = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
    const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    for (const path of [`/collector/${lower}`, `/collector/${checksummed}`, `/collector/${checksummed}/`]) {
      expect(await pageHtml(full, path), path).toEqual({ html: page('shell'), status: 200, file: 'shell.html' })
    }
    // Too short, not hexadecimal, too long, or mixed case with a wrong checksum (EIP-55; one letter's case turned):
    // the app says it is not an address, from the shell, and the answer says 404.
    const badChecksum = checksummed.replace('fFb', 'ffb')
    for (const path of [
      '/collector/0x1234',
      '/collector/nobody',
      `/collector/${lower}00`,
      `/collector/${badChecksum}`,
    ]) {
      expect(await pageHtml(full, path), path).toEqual({ html: page('shell'), status: 404, file: 'shell.html' })
    }
  })

  it('never reads outside the build, whatever the path', async () => {
    writeFileSync(join(full, '..', 'web-pages-outside.html'), page('outside'))
    try {
      for (const path of ['/../web-pages-outside', '/..%2fweb-pages-outside', '/%2e%2e/web-pages-outside', '/.']) {
        expect((await pageHtml(full, path)).html, path).toBe(page('shell'))
      }
    } finally {
      rmSync(join(full, '..', 'web-pages-outside.html'), { force: true })
    }
  })

  it('is index.html for every route of a build that wrote no pages', async () => {
    for (const path of ['/', '/mint', '/sky/42']) expect((await pageHtml(bare, path)).html, path).toBe(page('index'))
  })

  it('is served by the app for routes, uncached, and the page files stay reachable as files', async () => {
    const app = createApp({
      config: { chainId: 1, contracts: {}, auth: { origins: ['http://localhost:5173'], chains: [] }, webDist: full },
      db: drizzle.mock({ schema }),
    })
    const mint = await app.request('/mint')
    expect(mint.status).toBe(200)
    expect(mint.headers.get('cache-control')).toBe('no-cache')
    expect(await mint.text()).toBe(page('mint'))
    expect(await (await app.request('/sky/7')).text()).toBe(page('shell'))
    const notAnAccount = await app.request('/collector/0x1234')
    expect(notAnAccount.status).toBe(404)
    expect(await notAnAccount.text()).toBe(page('shell'))
    expect(await (await app.request('/')).text()).toBe(page('index'))
  })

  it('fails loudly when the build has no index.html at all', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'web-pages-empty-'))
    try {
      await expect(pageHtml(empty, '/mint')).rejects.toThrow(/has no index\.html/)
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
