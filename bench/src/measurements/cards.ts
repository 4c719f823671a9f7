import { readFreshReport, reportPath } from '../reports'
import type { Measurement } from './measurement'

/** Share cards (server/src/share): drawing one cold, serving one from the cache, and the cache's bound. */
export const cards: Measurement = {
  name: 'cards',
  command: ['npm', 'run', '--silent', 'cards', '-w', '@chainellation/bench'],
  summarize(startedAt) {
    const f = readFreshReport<{ coldMedianMs: number; cachedMedianMs: number; asked: number; kept: number }>(
      'cards',
      startedAt,
    )
    return `card drawn in ${f.coldMedianMs} ms median, ${f.cachedMedianMs} ms cached; ${f.kept} of ${f.asked} kept (${reportPath('cards')})`
  },
}
