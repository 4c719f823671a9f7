import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { minifySync, type Plugin } from 'vite'

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g

/** Where the build lists the script sources its pages need beyond the app's own files, for the API's policy. */
const PAGE_POLICY_FILE = 'csp.json'

/** The boot script as a page carries it, and the Content-Security-Policy source that lets it run there. */
export type InlineScript = { code: string; source: string }

/**
 * `code` minified for a page's head, with its CSP hash-source (CSP Level 3: the base64 SHA-256 of the script's text
 * exactly as the page holds it). The HTML parser ends a script at its first `</script`, whatever the JavaScript
 * around it, and reads a `<!--` in it as the start of an escape: the minifier writes a string's `</script` as
 * `<\/script`, and a script that still holds either is refused rather than cut short.
 */
export function inlineScript(code: string): InlineScript {
  const { code: minified, errors } = minifySync('boot.js', code, { module: false })
  if (errors.length > 0) throw new Error(`the boot script does not parse: ${errors[0]?.message}`)
  const text = minified.trim()
  if (/<\/script|<!--/i.test(text))
    throw new Error('the boot script holds </script or <!--: the HTML parser would read on as markup')
  return { code: text, source: `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'` }
}

/**
 * `html` with the boot script `code` inline right after its title, with `attributes`: before any style sheet, as an
 * inline script waits for the style sheets above it, and after `<meta charset>`, which must come in the first 1,024
 * bytes (HTML's encoding sniffing).
 */
export function withBootScript(html: string, code: string, attributes = ''): string {
  const parts = html.split('</title>')
  if (parts.length !== 2) throw new Error(`index.html has ${parts.length - 1} </title>, not one`)
  return `${parts[0]}</title>\n    <script${attributes}>${code}</script>${parts[1]}`
}

/**
 * The built page `html` with the boot script `code` inline in its head, the app's entry module named on it instead
 * of in a module script, and the modules the entry imports instead of modulepreload links. The boot script fetches
 * them after the page's first paint, with `atStart`, the modules the entry imports dynamically at once. `onConnect`
 * are the modules the connect button needs beyond those: the boot script fetches them all at once when it is pressed
 * before the app runs.
 */
export function moveEntryToBoot(
  html: string,
  code: string,
  { atStart = [], onConnect = [] }: { atStart?: readonly string[]; onConnect?: readonly string[] } = {},
): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((m) => m[1])
  if (entries.length !== 1) throw new Error(`the built index.html has ${entries.length} module scripts, not one`)
  const preloads = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]).concat(atStart))].filter(
    (href) => href !== entries[0],
  )
  const pressed = onConnect.filter((href) => href !== entries[0] && !preloads.includes(href))
  const named = ` data-entry="${entries[0]}" data-preload="${preloads.join(' ')}"${
    pressed.length ? ` data-connect="${pressed.join(' ')}"` : ''
  }`
  return withBootScript(html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), code, named)
}

/**
 * The file of every chunk `files` import, statically and through them, each once: what loading those brings. Each
 * is listed after the chunks it imports, so that importing them in this order evaluates one chunk at a time (the
 * wallet warm-up does, in idle periods: web/src/lib/shell/wallet-loader/warm-up.ts).
 */
export function importClosure(
  files: readonly string[],
  importsOf: (file: string) => readonly string[] | undefined,
): string[] {
  const seen = new Set<string>()
  const order: string[] = []
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const imported of importsOf(file) ?? []) visit(imported)
    order.push(file)
  }
  for (const file of files) visit(file)
  return order
}

export type StartAfterPaintOptions = {
  /** Modules the entry imports dynamically as it starts, fetched beside it (`react-dom/client`). */
  atStart?: readonly string[]
  /** The dynamic imports a press on connect waits for (paths from the project root): the wallet stack, RainbowKit. */
  onConnect?: readonly string[]
}

/**
 * The page's early script (`bootFile`, from the project root: src/boot.js), inline in the head of every page, in
 * development too, where it only keeps presses. In the production build the app's script is fetched after the
 * page's first paint, not before it: the page's HTML is whole without it (see `prerender`), and a browser that has a
 * module script in hand runs it before painting; the boot script starts it. The chunks of the `atStart` and
 * `onConnect` modules, and all those they import, are named for the boot script too: it fetches them at once, when
 * the app starts and on an early press on connect, rather than one import level at a time as each arrives
 * (docs/decisions/first-use.md). The build lists the script's hash in `csp.json`, which the API adds to its
 * Content-Security-Policy (server/src/http.ts).
 */
export function startAfterPaint(
  bootFile: string,
  { atStart = [], onConnect = [] }: StartAfterPaintOptions = {},
): Plugin {
  let root = ''
  let base = '/'
  const boot = () => inlineScript(readFileSync(resolve(root, bootFile), 'utf8'))
  let built: InlineScript | undefined
  return {
    name: 'chainellation:start-after-paint',
    configResolved(config) {
      root = config.root
      base = config.base
    },
    buildStart() {
      built = boot()
    },
    generateBundle(options) {
      // The prerender's own server build has no page.
      if (options.format !== 'es' || this.environment?.name === 'ssr' || !built) return
      const policy = { scriptSrc: [built.source] }
      this.emitFile({ type: 'asset', fileName: PAGE_POLICY_FILE, source: `${JSON.stringify(policy, null, 2)}\n` })
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        // The development server: the app's module script stays as index.html names it, and the file is read afresh.
        if (!bundle) return withBootScript(html, boot().code)
        const chunks = new Map<string, { imports: string[] }>()
        const byModule = new Map<string, string>()
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue
          chunks.set(output.fileName, output)
          if (output.facadeModuleId) byModule.set(output.facadeModuleId, output.fileName)
        }
        const require = createRequire(resolve(root, 'package.json'))
        const closureOf = (modules: readonly string[]) =>
          importClosure(
            modules.map((module) => {
              const id = module.startsWith('src/') ? resolve(root, module) : require.resolve(module)
              const file = byModule.get(id)
              if (!file) throw new Error(`start-after-paint: no chunk for ${module}`)
              return file
            }),
            (file) => chunks.get(file)?.imports,
          ).map((file) => `${base}${file}`)
        return moveEntryToBoot(html, (built ?? boot()).code, {
          atStart: closureOf(atStart),
          onConnect: closureOf(onConnect),
        })
      },
    },
  }
}
