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

/**
 * The HTML for a client-side route. The web build writes the HTML of the home page and the game areas
 * (`/mint` → `mint.html`), and of the shell every other route starts from (`shell.html`); a build without
 * them has only `index.html`, the app that renders every route by itself.
 */
export async function pageHtml(webDist: string, path: string): Promise<string> {
  const name = path.replace(/^\/+|\/+$/g, '')
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
