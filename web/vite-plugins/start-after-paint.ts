import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g

/**
 * The built page `html` with its entry module named on the boot script (`<script src="{bootSrc}" async>`) instead
 * of in a module script, with the modules the entry imports instead of modulepreload links. The boot script
 * fetches them after the page's first paint, with `atStart`, the modules the entry imports dynamically at once.
 * `onConnect` are the modules the connect button needs beyond those: the boot script fetches them all at once when
 * it is pressed before the app runs.
 */
export function moveEntryToBoot(
  html: string,
  bootSrc: string,
  { atStart = [], onConnect = [] }: { atStart?: readonly string[]; onConnect?: readonly string[] } = {},
): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((m) => m[1])
  if (entries.length !== 1) throw new Error(`the built index.html has ${entries.length} module scripts, not one`)
  const bootTag = `<script src="${bootSrc}" async></script>`
  if (!html.includes(bootTag)) throw new Error(`index.html has no ${bootTag}`)
  const preloads = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]).concat(atStart))].filter(
    (href) => href !== entries[0],
  )
  const pressed = onConnect.filter((href) => href !== entries[0] && !preloads.includes(href))
  const named = `<script src="${bootSrc}" async data-entry="${entries[0]}" data-preload="${preloads.join(' ')}"${
    pressed.length ? ` data-connect="${pressed.join(' ')}"` : ''
  }></script>`
  return html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace(bootTag, named)
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
 * In the production build the app's script is fetched after the page's first paint, not before it: the page's
 * HTML is whole without it (see `prerender`), and a browser that has a module script in hand runs it before
 * painting. `bootSrc` is the page's own early script, which starts the app (public/boot.js). The chunks of the
 * `atStart` and `onConnect` modules, and all those they import, are named for the boot script too: it fetches them
 * at once, when the app starts and on an early press on connect, rather than one import level at a time as each
 * arrives (docs/decisions/first-use.md).
 */
export function startAfterPaint(
  bootSrc: string,
  { atStart = [], onConnect = [] }: StartAfterPaintOptions = {},
): Plugin {
  let root = ''
  let base = '/'
  return {
    name: 'chainellation:start-after-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        const chunks = new Map<string, { imports: string[] }>()
        const byModule = new Map<string, string>()
        for (const output of Object.values(bundle ?? {})) {
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
        return moveEntryToBoot(html, bootSrc, { atStart: closureOf(atStart), onConnect: closureOf(onConnect) })
      },
    },
  }
}
