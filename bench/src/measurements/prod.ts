import { readFreshReport, reportPath } from '../reports'
import type { ProdReport } from '../results/report-types'
import type { Measurement } from './measurement'

/** The production shape under load (prod-load.ts): a rehearsal's two API processes on Postgres behind nginx. */
export const prod: Measurement = {
  name: 'prod',
  command: ['npm', 'run', '--silent', 'prod', '-w', '@chainellation/bench'],
  summarize(startedAt) {
    const p = readFreshReport<ProdReport>('prod', startedAt)
    return (
      `sessions ${p.sessionReadRps}, drafts ${p.draftReadRps} read / ${p.draftWriteRps} written, home ${p.homeRps}, ` +
      `sky page ${p.skyPageRps} req/s; ${p.apiRssIdleMb}–${p.apiRssPeakMb} MB; start ${p.startMs} ms (${reportPath('prod')})`
    )
  },
}
