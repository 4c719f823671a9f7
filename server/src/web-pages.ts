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

/**
 * The page of sky `name` names (`sky/7`), from `_sky.html`: the build's page of one sky, whose root element says which
 * (`data-prerendered="/sky/…"`); its number is written in for this one's. `undefined` for any other path, or a build
 * without it.
 */
async function skyPageHtml(webDist: string, name: string): Promise<string | undefined> {
  const skyId = SKY_PAGE.exec(name)?.[1]
  if (!skyId || !Number.isSafeInteger(Number(skyId))) return undefined
  const html = await readIfThere(join(webDist, '_sky.html'))
  const built = html && /data-prerendered="\/sky\/(\d+)"/.exec(html)?.[1]
  return built ? html.replaceAll(built, skyId) : undefined
}

/**
 * The HTML for a client-side route. The web build writes the HTML of the home page and the game areas
 * (`/mint` → `mint.html`), of a sky's page (`_sky.html`, a name no path reaches by itself), and of the shell
 * every other route starts from (`shell.html`); a build without them has only `index.html`, the app that renders
 * every route by itself.
 */
export async function pageHtml(webDist: string, path: string): Promise<string> {
  const name = path.replace(/^\/+|\/+$/g, '')
  const sky = await skyPageHtml(webDist, name)
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
