import type { Plugin } from 'vite'

/**
 * The built page `html` with a preload link at the end of its `<head>` for each
 * font file in `assets` (the build's output file names) whose name starts with one of `fonts`.
 */
export function addFontPreloads(html: string, assets: readonly string[], fonts: readonly string[], base = '/') {
  const files = fonts.map((font) => {
    const found = assets.filter((file) => file.split('/').pop()?.startsWith(font) && file.endsWith('.woff2'))
    if (found.length !== 1) throw new Error(`${found.length} woff2 files in the build start with "${font}", not one`)
    return found[0]
  })
  const links = files.map(
    (file) => `<link rel="preload" href="${base}${file}" as="font" type="font/woff2" crossorigin>`,
  )
  const head = html.indexOf('</head>')
  if (head < 0) throw new Error('index.html has no </head>')
  return `${html.slice(0, head).trimEnd()}\n${links.map((link) => `    ${link}\n`).join('')}  ${html.slice(head)}`
}

/**
 * The fonts the first paint uses are fetched with the page's stylesheet, not after it: a font a stylesheet names
 * is only requested once the stylesheet has arrived and the page laid out. `fonts` are file name prefixes of
 * woff2 files in the build (e.g. `inter-latin-wght-normal`).
 */
export function preloadFonts(fonts: readonly string[]): Plugin {
  return {
    name: 'chainellation:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => addFontPreloads(html, Object.keys(bundle ?? {}), fonts),
    },
  }
}
