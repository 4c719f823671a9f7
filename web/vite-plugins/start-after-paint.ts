import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite'

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g

/**
 * The built page `html` with its entry module named on the boot script (`<script src="{bootSrc}" defer>`) instead
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
  const bootTag = `<script src="${bootSrc}" defer></script>`
  if (!html.includes(bootTag)) throw new Error(`index.html has no ${bootTag}`)
  const preloads = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]).concat(atStart))].filter(
    (href) => href !== entries[0],
  )
  const pressed = onConnect.filter((href) => href !== entries[0] && !preloads.includes(href))
  const named = `<script src="${bootSrc}" defer data-entry="${entries[0]}" data-preload="${preloads.join(' ')}"${
    pressed.length ? ` data-connect="${pressed.join(' ')}"` : ''
  }></script>`
  return html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace(bootTag, named)
}

/**
 * The file of every chunk `files` import, statically and through them, each once: what loading those brings. Each
 * is listed after the chunks it imports, so that importing them in this order evaluates one chunk at a time (the
 * wallet warm-up does, in idle periods: web/src/lib/shell/stack-loader.ts).
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

/**
 * The modulepreload links Vite adds as a dynamic import starts (`build.modulePreload.resolveDependencies`), given
 * `connect`, the chunks of the wallet stack and the kit with all they import. The HTML's stay (the boot script
 * takes them over). A page's own dynamic imports (a route, a wallet island) get theirs, less `connect`'s: without
 * them the browser finds an island's chunks one import level at a time, each waiting for the last to arrive and be
 * parsed (three levels below the gallery). The stack and the kit get none: adding the stack's thirty at once held
 * the main thread ~35 ms (140 ms on a phone-class CPU) as a page loaded; the loader, the warm-up and the boot script
 * fetch them a few at a time (docs/decisions/first-use.md).
 */
export function pagePreloads(
  file: string,
  deps: readonly string[],
  hostType: 'html' | 'js',
  connect: ReadonlySet<string>,
): string[] {
  if (hostType === 'html') return [...deps]
  if (connect.has(file)) return []
  return deps.filter((dep) => !connect.has(dep))
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
): Plugin & { resolveDependencies: ResolveModulePreloadDependenciesFn } {
  let root = ''
  let base = '/'
  // The chunks of `onConnect` and all they import, as the bundle names them: read before Vite adds its preloads.
  const connect = new Set<string>()
  type Bundle = Record<string, { type: string; fileName: string; imports?: string[]; facadeModuleId?: string | null }>
  const closureOf = (bundle: Bundle, modules: readonly string[]) => {
    const chunks = new Map<string, readonly string[]>()
    const byModule = new Map<string, string>()
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue
      chunks.set(output.fileName, output.imports ?? [])
      if (output.facadeModuleId) byModule.set(output.facadeModuleId, output.fileName)
    }
    const require = createRequire(resolve(root, 'package.json'))
    return importClosure(
      modules.map((module) => {
        const id = module.startsWith('src/') ? resolve(root, module) : require.resolve(module)
        const file = byModule.get(id)
        if (!file) throw new Error(`start-after-paint: no chunk for ${module}`)
        return file
      }),
      (file) => chunks.get(file),
    )
  }
  return {
    name: 'chainellation:start-after-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root
      base = config.base
    },
    generateBundle: {
      // Before Vite's import analysis, which asks `resolveDependencies` as it writes each dynamic import's preloads.
      order: 'pre',
      handler(_options, bundle) {
        connect.clear()
        for (const file of closureOf(bundle, onConnect)) connect.add(file)
      },
    },
    resolveDependencies: (file, deps, { hostType }) => pagePreloads(file, deps, hostType, connect),
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        const named = (modules: readonly string[]) => closureOf(bundle ?? {}, modules).map((file) => `${base}${file}`)
        return moveEntryToBoot(html, bootSrc, { atStart: named(atStart), onConnect: named(onConnect) })
      },
    },
  }
}
