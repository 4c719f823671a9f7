import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * One path segment such as `mint`: the only names the build writes a page of their own for. Route names are
 * short; a longer segment is no page, and as a file name could pass the file system's limit (ENAMETOOLONG).
 */
const PAGE_NAME = /^[a-z0-9-]{1,64}$/

const readIfThere = (file: string) =>
  readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })

/** `/sky/7`: a sky's page, whose number is a positive safe integer written plainly, as the web app reads it. */
const SKY_PAGE = /^sky\/([1-9]\d{0,15})$/

/** The API's read of a sky as a sky's page carries it, in `<script type="application/json" id="shared-sky">`. */
export type SharedSkyJson = { chainId: number; skyId: string; tokenUri: string; owner: `0x${string}` }

/** What a sky's page is written with when the sky could be read as the page is served. */
export type SkyPageData = SharedSkyJson & { picture: string }

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
 * The page of sky `name` names (`sky/7`), from the build's page of one sky, whose root element says which
 * (`data-prerendered="/sky/…"`): its number is written in for this one's. With the sky read (`readSky`), the page is
 * `_sky-picture.html`, its picture written in and the read handed to the app (`#shared-sky`), so the sky paints
 * with the page; `_sky.html` otherwise, which draws it once the app has read it. `undefined` for any other path, or
 * a build without them.
 */
async function skyPageHtml(
  webDist: string,
  name: string,
  readSky?: (skyId: string) => Promise<SkyPageData | undefined>,
): Promise<string | undefined> {
  const skyId = SKY_PAGE.exec(name)?.[1]
  if (!skyId || !Number.isSafeInteger(Number(skyId))) return undefined
  const sky = await readSky?.(skyId)
  const html = sky && (await readIfThere(join(webDist, '_sky-picture.html')))
  const pictured = sky && html?.includes(PICTURE_PLACEHOLDER) ? withSkyNumber(html, skyId) : undefined
  if (sky && pictured) {
    const json: SharedSkyJson = { chainId: sky.chainId, skyId: sky.skyId, tokenUri: sky.tokenUri, owner: sky.owner }
    const data = `<script type="application/json" id="shared-sky">${scriptJson(json)}</script>`
    return pictured.replace(PICTURE_PLACEHOLDER, () => sky.picture).replace('</body>', () => `${data}</body>`)
  }
  const plain = await readIfThere(join(webDist, '_sky.html'))
  return plain && withSkyNumber(plain, skyId)
}

/**
 * The HTML for a client-side route. The web build writes the HTML of the home page and the game areas
 * (`/mint` → `mint.html`), of a sky's page (`_sky.html` and `_sky-picture.html`, names no route takes), and of the
 * shell every other route starts from (`shell.html`); a build without them has only `index.html`, the app that
 * renders every route by itself. `readSky` reads a sky for its page (see skyPageHtml).
 */
export async function pageHtml(
  webDist: string,
  path: string,
  readSky?: (skyId: string) => Promise<SkyPageData | undefined>,
): Promise<string> {
  const name = path.replace(/^\/+|\/+$/g, '')
  const sky = await skyPageHtml(webDist, name, readSky)
  if (sky !== undefined) return sky
  const candidates = [
    ...(PAGE_NAME.test(name) ? [`${name}.html`] : []),
    ...(name === '' ? ['index.html'] : ['shell.html']),
    'index.html',
  ]
  for (const file of candidates) {
    const html = await readIfThere(join(webDist, file))
    if (html !== undefined) return html
  }
  throw new Error(`the web build in ${webDist} has no index.html`)
}
