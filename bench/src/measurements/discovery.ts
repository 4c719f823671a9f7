import { readFreshReport, reportPath } from '../reports'
import type { DiscoveryReport } from '../results/report-types'
import type { Measurement } from './measurement'

/** The gallery's index at 15,000 skies (bench/src/server/discovery.ts), beside reading the chain. */
export const discovery: Measurement = {
  name: 'discovery',
  command: ['npm', 'run', '--silent', 'discovery', '-w', '@chainellation/bench'],
  summarize(startedAt) {
    const f = readFreshReport<DiscoveryReport>('discovery', startedAt)
    const { galleryP95Ms: g, filterP95Ms: fl, activityP95Ms: a } = f.pglite
    return (
      `${f.skies} skies ready in ${f.indexSeconds} s, ${f.indexerRssMb} MB; p95 gallery ${g} ms, filtered ${fl} ms, ` +
      `activity ${a} ms (chain scan ${f.chainScanMs} ms) (${reportPath('discovery')})`
    )
  },
}
