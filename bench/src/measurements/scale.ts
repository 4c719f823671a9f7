import { readFreshReport, reportPath } from '../reports'
import type { ScaleReport } from '../results/report-types'
import type { Measurement } from './measurement'

/**
 * Discovery at 15,000, 50,000 and 150,000 skies on PGlite and Postgres (bench/src/server/scale.ts). Run only when
 * named, `npm run bench -- scale`: it takes longer than the rest of the bench together.
 */
export const scale: Measurement = {
  name: 'scale',
  command: ['npm', 'run', '--silent', 'scale', '-w', '@chainellation/bench'],
  summarize(startedAt) {
    const report = readFreshReport<ScaleReport>('scale', startedAt)
    return report.sizes
      .map(({ skies, databases }) =>
        Object.entries(databases)
          .map(([db, f]) => (f && !('error' in f) ? `${skies} ${db} ${f.indexSeconds} s` : `${skies} ${db} failed`))
          .join(', '),
      )
      .join('; ')
      .concat(` (${reportPath('scale')})`)
  },
}
