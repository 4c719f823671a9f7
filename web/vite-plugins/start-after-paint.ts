import type { Plugin } from 'vite'

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g

/**
 * The built page `html` with its entry module named on the boot script (`<script src="{bootSrc}" defer>`) instead
 * of in a module script, with the modules the entry imports instead of modulepreload links. The boot script
 * fetches them after the page's first paint.
 */
export function moveEntryToBoot(html: string, bootSrc: string): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((m) => m[1])
  if (entries.length !== 1) throw new Error(`the built index.html has ${entries.length} module scripts, not one`)
  const bootTag = `<script src="${bootSrc}" defer></script>`
  if (!html.includes(bootTag)) throw new Error(`index.html has no ${bootTag}`)
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1])
  const named = `<script src="${bootSrc}" defer data-entry="${entries[0]}" data-preload="${preloads.join(' ')}"></script>`
  return html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace(bootTag, named)
}

/**
 * In the production build the app's script is fetched after the page's first paint, not before it: the page's
 * HTML is whole without it (see `prerender`), and a browser that has a module script in hand runs it before
 * painting. `bootSrc` is the page's own early script, which starts the app (public/boot.js).
 */
export function startAfterPaint(bootSrc: string): Plugin {
  return {
    name: 'chainellation:start-after-paint',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => moveEntryToBoot(html, bootSrc) },
  }
}
