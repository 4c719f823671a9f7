import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'

/** Where the web build lists the script sources its pages need beyond the app's own files (web/vite-plugins/). */
const PAGE_POLICY_FILE = 'csp.json'

/** A CSP Level 3 hash-source: `'sha256-…'` and its kin, the base64 digest of one inline script's text. */
const HASH_SOURCE = /^'sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}'$/

const pagePolicy = z.object({ scriptSrc: z.array(z.string().regex(HASH_SOURCE)) })

/**
 * The hashes of the inline scripts the web build in `webDist` writes into its pages (the boot script, which keeps a
 * press made before the app runs: docs/decisions/prerendering.md), for the Content-Security-Policy's script-src.
 * Read once as the API starts: a build's pages and its list change together, and a deploy restarts the API. A
 * build without the list has no inline script; a list that is not one (a hand-edited file, a source that is no
 * hash) stops the API from starting rather than let any script through.
 */
export function builtScriptSources(webDist: string): string[] {
  let text: string
  try {
    text = readFileSync(join(webDist, PAGE_POLICY_FILE), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const parsed = pagePolicy.safeParse(JSON.parse(text))
  if (!parsed.success)
    throw new Error(`${PAGE_POLICY_FILE} in the web build lists no hash sources: ${parsed.error.message}`)
  return parsed.data.scriptSrc
}
