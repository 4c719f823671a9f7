import { readFreshReport, reportPath } from '../reports'
import type { Measurement } from './measurement'

type Figures = { cards: number; medianMs: number; maxRequests: number; floor?: { medianMs: number } }
type Report = {
  runs: number
  yourSkies: { first: Figures & { targetRequests: number }; all: Figures }
  gallery: { first: Figures }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
/** The floor of a view's first cards (browser/stargaze-floor.ts), and their time's ratio to it. */
const floorOf = (f: Figures) =>
  f.floor ? `${s(f.floor.medianMs)} (×${(f.medianMs / f.floor.medianMs).toFixed(2)})` : '–'

/** /stargaze on the production stack in headless Chromium: 24 and 100 of your skies with images, 24 of everyone's. */
export const stargaze: Measurement = {
  name: 'stargaze',
  command: ['npm', 'run', '--silent', 'stargaze', '-w', '@chainellation/bench'],
  summarize(startedAt) {
    const { runs, yourSkies: mine, gallery } = readFreshReport<Report>('stargaze', startedAt)
    return (
      `your skies: ${mine.first.cards} cards ${s(mine.first.medianMs)}, ${mine.all.cards} cards ${s(mine.all.medianMs)} ` +
      `median of ${runs}, ≤ ${mine.first.maxRequests} / ${mine.all.maxRequests} RPC requests for the cards ` +
      `(target ≤ ${mine.first.targetRequests} for ${mine.first.cards}); everyone's ${gallery.first.cards} cards ` +
      `${s(gallery.first.medianMs)}, ≤ ${gallery.first.maxRequests} requests; the floor ${floorOf(mine.first)} and ` +
      `${floorOf(gallery.first)} (${reportPath('stargaze')})`
    )
  },
}
