import { type Measurement, readFreshReport } from './measurement'

/** Share cards (server/src/share): drawing one cold, serving one from the cache, and the cache's bound. */
export const cards: Measurement = {
  name: 'cards',
  command: ['npm', 'run', '--silent', 'bench:cards', '-w', '@chainellation/server'],
  summarize(root, startedAt) {
    const f = readFreshReport<{ coldMedianMs: number; cachedMedianMs: number; asked: number; kept: number }>(
      root,
      'server/cards-report.json',
      startedAt,
    )
    return `card drawn in ${f.coldMedianMs} ms median, ${f.cachedMedianMs} ms cached; ${f.kept} of ${f.asked} kept (server/cards-report.json)`
  },
}
