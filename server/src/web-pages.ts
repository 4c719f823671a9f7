import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LRUCache } from 'lru-cache'
import { isAddress } from 'viem'
import { draftIdPattern } from './drafts/input'
import { type ShareMeta, withShareMeta } from './share/meta'

/**
 * One path segment such as `mint`: the only names the build writes a page of their own for. Route names are
 * short; a longer segment is no page, and as a file name could pass the file system's limit (ENAMETOOLONG).
 */
const PAGE_NAME = /^[a-z0-9-]{1,64}$/

/** Reads a file of the web build (`mint.html`) as text; `undefined` when the build has none. */
export type BuildReader = (file: string) => Promise<string | undefined>

/** The web build in folder `webDist`, read from disk at each call. */
export const buildOnDisk =
  (webDist: string): BuildReader =>
  (file) =>
    readFile(join(webDist, file), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    })

/** Where the web build lists its pages' paths (web/src/app/paths.ts). */
const ROUTES_FILE = 'routes.json'

/** `/sky/7`: a sky's page, whose number is a positive safe integer written plainly, as the web app reads it. */
const SKY_NUMBER = /^[1-9]\d{0,15}$/

/** The API's read of a sky as a sky's page carries it, in `<script type="application/json" id="shared-sky">`. */
export type SharedSkyJson = { chainId: number; skyId: string; tokenUri: string; owner: `0x${string}` }

/** What a sky's page is written with when the sky could be read as the page is served. */
export type SkyPageData = SharedSkyJson & { picture: string }

/**
 * What serving a sky's page learnt of the sky: read, with its preview (`meta`); never minted; or not read in time
 * (the page then reads it itself), with what preview can be given without it.
 */
export type SkyPageRead =
  | { kind: 'found'; sky: SkyPageData; meta: ShareMeta }
  | { kind: 'missing' }
  | { kind: 'unread'; meta?: ShareMeta }

/** What serving a draft's page learnt of the draft: its preview, that there is none, or nothing (the page reads it). */
export type DraftPageRead = { kind: 'found'; meta: ShareMeta } | { kind: 'missing' } | { kind: 'unread' }

/** How the pages of a sky and of a draft read what they show as they are served. */
export type PageReads = {
  sky?: (skyId: string) => Promise<SkyPageRead>
  draft?: (draftId: string) => Promise<DraftPageRead>
}

/**
 * A page's HTML and its status: 404 for a sky or a draft that is not there, or an address that cannot be one. `file`
 * names the build's file when the HTML is that file as built, so that it can be served as the file is.
 */
export type WebPage = { html: string; status: 200 | 404; file?: string }

/**
 * Sky pages written for each read of a sky, with the build's page they were written from: while the sky reader hands
 * out the same read (see skies/reader.ts), its page is not written again. Bounded by the pages' length.
 */
const writtenSkyPages = new LRUCache<SkyPageRead, { template: string; page: WebPage }>({
  max: 512,
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: ({ page }) => page.html.length,
})

/**
 * Sky pages written without the sky (not minted, or not read in time), by what they are written from: the same page
 * object for the same words, so that it is neither written nor hashed again (the app's `pageTags`) while a slow node
 * or a crawler of unminted numbers makes every request take this way.
 */
const unreadSkyPages = new LRUCache<string, { template: string; page: WebPage }>({
  max: 512,
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: ({ page }) => page.html.length,
})

/** The picture the build writes into `_sky-picture.html` (base64 of `SKY-PICTURE`), for the sky's own. */
const PICTURE_PLACEHOLDER = 'data:image/svg+xml;base64,U0tZLVBJQ1RVUkU='

/** A build's page of one sky with `skyId` written in for the number it was built with; `undefined` without one. */
function withSkyNumber(html: string, skyId: string): string | undefined {
  const built = /data-prerendered="\/sky\/(\d+)"/.exec(html)?.[1]
  return built ? html.replaceAll(built, skyId) : undefined
}

/** JSON inside a `<script>` element: nothing in it can end the element or start markup. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/**
 * The HTML of sky `skyId`'s page, from the build's page of one sky, whose root element says which
 * (`data-prerendered="/sky/…"`): its number is written in for this one's. With the sky read, the page is
 * `_sky-picture.html`, its picture written in and the read handed to the app (`#shared-sky`), so the sky paints
 * with the page; `_sky.html` otherwise, which draws it once the app has read it. `undefined` for a build without them.
 */
async function skyPageHtml(build: BuildReader, skyId: string, read: SkyPageRead): Promise<string | undefined> {
  const html = read.kind === 'found' ? await build('_sky-picture.html') : undefined
  const pictured = html?.includes(PICTURE_PLACEHOLDER) ? withSkyNumber(html, skyId) : undefined
  if (read.kind === 'found' && pictured) {
    const { sky } = read
    const json: SharedSkyJson = { chainId: sky.chainId, skyId: sky.skyId, tokenUri: sky.tokenUri, owner: sky.owner }
    const data = `<script type="application/json" id="shared-sky">${scriptJson(json)}</script>`
    return pictured.replace(PICTURE_PLACEHOLDER, () => sky.picture).replace('</body>', () => `${data}</body>`)
  }
  const plain = await build('_sky.html')
  return plain && withSkyNumber(plain, skyId)
}

/** The page a path starts from when it has none of its own: its own file (`mint.html`), the shell, or the app. */
async function builtPage(build: BuildReader, name: string): Promise<{ html: string; file: string }> {
  const candidates = [
    ...(PAGE_NAME.test(name) ? [`${name}.html`] : []),
    ...(name === '' ? ['index.html'] : ['shell.html']),
    'index.html',
  ]
  for (const file of candidates) {
    const html = await build(file)
    if (html !== undefined) return { html, file }
  }
  throw new Error('the web build has no index.html')
}

/**
 * A shared page (a sky's, a draft's) as the read of what it shows made it: with its link preview where it has one
 * (Open Graph and X's card, see share/meta.ts), and 404 with the build's own head, the generic one, where there is
 * nothing there. The app shows the same from the page's address: the not-found page, or that the sky is not minted.
 */
function sharedPage(page: { html: string; file?: string }, read: SkyPageRead | DraftPageRead | undefined): WebPage {
  if (read?.kind === 'missing') return { ...page, status: 404 }
  const meta = read && 'meta' in read ? read.meta : undefined
  return meta ? { html: withShareMeta(page.html, meta), status: 200 } : { ...page, status: 200 }
}

/**
 * The page for a client-side route. The web build writes the HTML of the home page and the game areas
 * (`/mint` → `mint.html`), of a sky's page (`_sky.html` and `_sky-picture.html`, names no route takes), and of the
 * shell every other route starts from (`shell.html`); a build without them has only `index.html`, the app that
 * renders every route by itself. A sky's and a draft's pages are read as they are served (`reads`): see sharedPage.
 */
export async function pageHtml(webDist: string | BuildReader, path: string, reads: PageReads = {}): Promise<WebPage> {
  const build = typeof webDist === 'string' ? buildOnDisk(webDist) : webDist
  const name = path.replace(/^\/+|\/+$/g, '')
  const [section, id, ...rest] = name.split('/')
  if (id !== undefined && rest.length === 0 && (section === 'sky' || section === 'draft')) {
    const valid = section === 'sky' ? SKY_NUMBER.test(id) && Number.isSafeInteger(Number(id)) : draftIdPattern.test(id)
    // Not an address a sky or a draft can have: the app shows its not-found page there.
    if (!valid) return { ...(await builtPage(build, name)), status: 404 }
    if (section === 'draft') return sharedPage(await builtPage(build, name), await reads.draft?.(id))
    const read = (await reads.sky?.(id)) ?? { kind: 'unread' }
    if (read.kind !== 'found') {
      // Each request brings a read of its own here: the page is kept by what it is written from instead.
      const template = await build('_sky.html')
      const key = `${read.kind}\n${id}\n${read.kind === 'unread' ? JSON.stringify(read.meta ?? null) : ''}`
      const kept = unreadSkyPages.get(key)
      if (kept && kept.template === template) return kept.page
      const html = await skyPageHtml(build, id, read)
      const page = sharedPage(html === undefined ? await builtPage(build, name) : { html }, read)
      if (template !== undefined) unreadSkyPages.set(key, { template, page })
      return page
    }
    // A read the reader handed out before (see skyReader) makes the same page while the build's page is the same.
    const template = await build('_sky-picture.html')
    const kept = writtenSkyPages.get(read)
    if (kept && kept.template === template) return kept.page
    const html = await skyPageHtml(build, id, read)
    const page = sharedPage(html === undefined ? await builtPage(build, name) : { html }, read)
    if (template !== undefined) writtenSkyPages.set(read, { template, page })
    return page
  }
  // A collector's page for what cannot be an account (viem's `isAddress`, checksum and all, as the web app's route
  // reads it): the app shows its not-found page there, and the answer says so.
  if (section === 'collector' && id !== undefined && rest.length === 0 && !isAddress(id)) {
    return { ...(await builtPage(build, name)), status: 404 }
  }
  const claimed = await pagePaths(build)
  const status = claimed && !claimed.some((pattern) => matches(pattern, name)) ? 404 : 200
  return { ...(await builtPage(build, name)), status }
}

/** The build's list of the app's page paths (the web app's `routes.json`), or undefined when it has none. */
async function pagePaths(build: BuildReader): Promise<string[] | undefined> {
  const text = await build(ROUTES_FILE)
  if (text === undefined) return undefined
  const known = parsedPaths.get(text)
  if (known) return known
  const { paths } = JSON.parse(text) as { paths: string[] }
  parsedPaths.set(text, paths)
  return paths
}
const parsedPaths = new Map<string, string[]>()

/** Whether path `name` (without its outer slashes) is one that `pattern` (`/sky/:skyId`) claims. */
function matches(pattern: string, name: string): boolean {
  const want = pattern.replace(/^\/+|\/+$/g, '').split('/')
  const have = name.split('/')
  return (
    want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]))
  )
}
