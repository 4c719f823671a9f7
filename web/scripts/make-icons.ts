// Draws the installable app's icons (the web app manifest's and the Home Screen's) from the brand mark, the favicon's
// two stars (web/public/favicon.svg), with the renderer the API draws share cards with (@resvg/resvg-js). Run it
// again after changing the mark: `node --import tsx web/scripts/make-icons.ts`; the PNGs are committed.
import { writeFileSync } from 'node:fs'
import { Resvg } from '@resvg/resvg-js'

const out = new URL('../public/icons/', import.meta.url)

/** The two stars of web/public/favicon.svg, in its 32-unit square. */
const MARK =
  '<path d="M15 3.5l2.5 8.4 8.4 2.6-8.4 2.6L15 25.5l-2.5-8.4-8.4-2.6 8.4-2.6z" fill="#EA8F21"/>' +
  '<path d="M25.5 21.5l.9 2.6 2.6.9-2.6.9-.9 2.6-.9-2.6-2.6-.9 2.6-.9z" fill="#FFD7A1"/>'

/** The app's night (web/src/styles/global.css: --night-2 to --night-1), with the accent's glow behind the mark. */
const NIGHT =
  '<defs><radialGradient id="n" cx="0.35" cy="0.2" r="1"><stop offset="0" stop-color="#0d1535"/>' +
  '<stop offset="1" stop-color="#070b1a"/></radialGradient><radialGradient id="g" cx="0.47" cy="0.45" r="0.42">' +
  '<stop offset="0" stop-color="#ea8f21" stop-opacity="0.32"/><stop offset="1" stop-color="#ea8f21" stop-opacity="0"/>' +
  '</radialGradient></defs>'

/**
 * An icon: the night, square or with the favicon's rounded corners, and the mark at `scale` around the middle. A
 * maskable icon fills its square and keeps the mark inside the middle 80% circle, which every platform's mask leaves
 * whole (the Web App Manifest's safe zone).
 */
function icon({ rounded, scale }: { rounded: boolean; scale: number }) {
  const corner = rounded ? ' rx="7"' : ''
  const offset = 16 * (1 - scale)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${NIGHT}` +
    `<rect width="32" height="32"${corner} fill="url(#n)"/><rect width="32" height="32"${corner} fill="url(#g)"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g></svg>`
  )
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 0.86 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 0.86 },
  // The farthest point of the mark, the companion's tip at (29, 29), is 18.4 units from the middle: 0.68 brings it
  // within the safe zone's 12.8.
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 0.68 },
  // iOS rounds a Home Screen icon's corners itself and shows transparency as black: square and full.
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.78 },
]

for (const { file, size, ...shape } of icons) {
  const png = new Resvg(icon(shape), { fitTo: { mode: 'width', value: size } }).render().asPng()
  writeFileSync(new URL(file, out), png)
  console.info(`${file}: ${size}×${size}, ${png.length} bytes`)
}
