import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin, type ResolvedConfig } from 'vite'
import { importClosure } from './start-after-paint.ts'

export type PrerenderPage = {
  /** The URL path React renders. */
  path: string
  /** The file it is written to, relative to the build's output folder. */
  file: string
  /** Mark the page for hydration at `path`; without it the browser renders afresh over the written HTML. */
  hydrate: boolean
  /**
   * The module the page's route loads lazily, relative to the project root: the page links its stylesheets (and
   * those of the modules it imports), so that it paints styled before any script has run, and names its chunks for
   * the boot script to fetch beside the entry's imports.
   */
  module?: string
  /** Write the shell alone, the page's place holding the loading state: the HTML of every path without its own. */
  shell?: boolean
  /** What the page writes in place of what the server fills in as it serves it (the app's `PageTemplate`). */
  template?: Record<string, string>
}

export type PrerenderOptions = {
  /** The server entry, relative to the project root: exports `render(path, { shell, template }): Promise<string>`. */
  entry: string
  pages: readonly PrerenderPage[]
}

/** The attribute on the root element naming the path whose HTML it holds, for the browser to hydrate. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered'

const SERVER_ENTRY = 'render.js'
const ROOT_ELEMENT = '<div id="root"></div>'

/** `template` with a stylesheet link for each of `hrefs` it does not link yet, at the end of its head. */
export function withStylesheets(template: string, hrefs: readonly string[]): string {
  const missing = hrefs.filter((href) => !template.includes(`href="${href}"`))
  if (missing.length === 0) return template
  const at = template.indexOf('</head>')
  if (at < 0) throw new Error('index.html has no </head>')
  const links = missing.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('')
  return `${template.slice(0, at)}${links}${template.slice(at)}`
}

/**
 * `page` with `hrefs` (modules) added to the boot script's `data-preload` where it does not list them yet, after those
 * it does: the boot script fetches them as the app starts, beside the entry's imports. The page's route is imported
 * by the app only once its entry has run, and a returning wallet's page also preloads the forty-odd chunks of the
 * wallet stack then: over HTTP/1.1's six connections, `/stargaze`'s 2 kB route chunk came 455 ms after it was asked
 * for, and the page hydrated that much later (docs/decisions/first-use.md).
 */
export function withPreloads(page: string, hrefs: readonly string[]): string {
  const listed = /data-preload="([^"]*)"/.exec(page)
  if (!listed) return page
  const preloads = (listed[1] ?? '').split(' ').filter(Boolean)
  const missing = hrefs.filter((href) => !preloads.includes(href) && !page.includes(`data-entry="${href}"`))
  if (missing.length === 0) return page
  return page.replace(listed[0], `data-preload="${[...preloads, ...missing].join(' ')}"`)
}

type BuiltChunk = { imports: readonly string[]; css: readonly string[] }

/** The stylesheets `file` and every chunk it imports statically bring, each once, in import order. */
export function stylesheetsOf(
  file: string,
  chunks: ReadonlyMap<string, BuiltChunk>,
  seen = new Set<string>(),
): string[] {
  if (seen.has(file)) return []
  seen.add(file)
  const chunk = chunks.get(file)
  if (!chunk) return []
  return [...new Set([...chunk.imports.flatMap((i) => stylesheetsOf(i, chunks, seen)), ...chunk.css])]
}

/** The page `template` (the built index.html) with `html` inside its root element. */
export function fillTemplate(template: string, html: string, hydratePath?: string): string {
  const at = template.indexOf(ROOT_ELEMENT)
  if (at < 0 || template.indexOf(ROOT_ELEMENT, at + 1) >= 0) {
    throw new Error(`index.html must hold exactly one ${ROOT_ELEMENT}`)
  }
  const open =
    hydratePath === undefined ? '<div id="root">' : `<div id="root" ${PRERENDERED_ATTRIBUTE}="${hydratePath}">`
  return `${template.slice(0, at)}${open}${html}</div>${template.slice(at + ROOT_ELEMENT.length)}`
}

/**
 * Writes the pages' HTML at build time: once the browser build is done, the server entry is built for Node with
 * the same configuration (so CSS module class names agree), each page is rendered by it into the built
 * index.html, and the server build is deleted. The page paints before any script has run.
 */
export function prerender({ entry, pages }: PrerenderOptions): Plugin {
  let config: ResolvedConfig
  /** The browser build's chunks by file name, and the file of each module a chunk stands for. */
  const chunks = new Map<string, BuiltChunk>()
  const chunkOf = new Map<string, string>()
  return {
    name: 'chainellation:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    generateBundle(_, bundle) {
      if (config.build.ssr) return
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue
        const css = [...(out.viteMetadata?.importedCss ?? [])]
        chunks.set(out.fileName, { imports: out.imports, css })
        if (out.facadeModuleId) chunkOf.set(resolve(out.facadeModuleId), out.fileName)
      }
    },
    async closeBundle() {
      // The server build below runs this plugin too.
      if (config.build.ssr) return
      const outDir = resolve(config.root, config.build.outDir)
      // Inside node_modules, so the server build's bare imports (react, react-router…) resolve from it.
      const cache = join(config.root, 'node_modules', '.cache')
      await mkdir(cache, { recursive: true })
      const serverDir = await mkdtemp(join(cache, 'prerender-'))
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: entry,
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            rollupOptions: { output: { entryFileNames: SERVER_ENTRY } },
          },
        })
        const { render } = (await import(pathToFileURL(join(serverDir, SERVER_ENTRY)).href)) as {
          render: (path: string, options: { shell?: boolean; template?: Record<string, string> }) => Promise<string>
        }
        const template = await readFile(join(outDir, 'index.html'), 'utf8')
        for (const page of pages) {
          const html = await render(page.path, { shell: page.shell, template: page.template })
          const file = page.module && chunkOf.get(resolve(config.root, page.module))
          if (page.module && !file) throw new Error(`prerendering ${page.path}: no chunk for ${page.module}`)
          const stylesheets = file ? stylesheetsOf(file, chunks).map((css) => `${config.base}${css}`) : []
          const modules = file
            ? importClosure([file], (f) => chunks.get(f)?.imports).map((f) => `${config.base}${f}`)
            : []
          const filled = fillTemplate(template, html, page.hydrate ? page.path : undefined)
          await writeFile(join(outDir, page.file), withPreloads(withStylesheets(filled, stylesheets), modules))
        }
      } finally {
        await rm(serverDir, { recursive: true, force: true })
      }
    },
  }
}
