import { type Measurement, readFreshReport } from './measurement'
import { PROD_REPORT, type ProdReport } from './results'

/** The production shape under load (prod-load.ts): a rehearsal's two API processes on Postgres behind its balancer. */
export const prod: Measurement = {
  name: 'prod',
  command: ['npm', 'run', '--silent', 'bench:prod', '-w', '@chainellation/scripts'],
  summarize(root, startedAt) {
    const p = readFreshReport<ProdReport>(root, PROD_REPORT, startedAt)
    return (
      `sessions ${p.sessionReadRps}, drafts ${p.draftReadRps} read / ${p.draftWriteRps} written, home ${p.homeRps}, ` +
      `sky page ${p.skyPageRps} req/s; ${p.apiRssIdleMb}–${p.apiRssPeakMb} MB; start ${p.startMs} ms (${PROD_REPORT})`
    )
  },
}
