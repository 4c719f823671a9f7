import { readFreshReport, reportPath } from '../reports'
import type { ProdReport } from '../results/report-types'
import type { Measurement } from './measurement'

/** The production shape under load (prod-load.ts): a rehearsal's two API processes on Postgres behind nginx. */
export const prod: Measurement = {
  name: 'prod',
  command: ['npm', 'run', '--silent', 'prod', '-w', '@chainellation/bench'],
  summarize(startedAt) {
    const p = readFreshReport<ProdReport>('prod', startedAt)
    const c = p.cpu
    // Each route's CPU a request over the floor's, in the order above.
    const ratios = c
      ? `; CPU ×${[c.sessionRead, c.draftRead, c.draftWrite, c.home, c.skyPage].map((r) => r.ratio ?? '?').join(' / ')} the floor`
      : ''
    return (
      `sessions ${p.sessionReadRps}, drafts ${p.draftReadRps} read / ${p.draftWriteRps} written, home ${p.homeRps}, ` +
      `sky page ${p.skyPageRps} req/s${ratios}; ${p.apiRssIdleMb}–${p.apiRssPeakMb} MB; start ${p.startMs} ms (${reportPath('prod')})`
    )
  },
}
