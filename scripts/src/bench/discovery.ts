import { type Measurement, readFreshReport } from './measurement'
import type { DiscoveryReport } from './results'

/** The gallery's index at 15,000 skies (server/src/discovery/bench.ts), beside reading the chain. */
export const discovery: Measurement = {
  name: 'discovery',
  command: ['npm', 'run', '--silent', 'bench:discovery', '-w', '@chainellation/server'],
  summarize(root, startedAt) {
    const f = readFreshReport<DiscoveryReport>(root, 'server/discovery-report.json', startedAt)
    const { galleryP95Ms: g, filterP95Ms: fl, activityP95Ms: a } = f.pglite
    return (
      `${f.skies} skies ready in ${f.indexSeconds} s, ${f.indexerRssMb} MB; p95 gallery ${g} ms, filtered ${fl} ms, ` +
      `activity ${a} ms (chain scan ${f.chainScanMs} ms) (server/discovery-report.json)`
    )
  },
}
