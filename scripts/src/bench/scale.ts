import { type Measurement, readFreshReport } from './measurement'
import { SCALE_REPORT, type ScaleReport } from './results'

/**
 * Discovery at 15,000, 50,000 and 150,000 skies on PGlite and Postgres (server/src/discovery/scale.ts). Run only when
 * named, `npm run bench -- scale`: it takes longer than the rest of the bench together.
 */
export const scale: Measurement = {
  name: 'scale',
  command: ['npm', 'run', '--silent', 'scale', '-w', '@chainellation/server'],
  summarize(root, startedAt) {
    const report = readFreshReport<ScaleReport>(root, SCALE_REPORT, startedAt)
    return report.sizes
      .map(({ skies, databases }) =>
        Object.entries(databases)
          .map(([db, f]) => (f && !('error' in f) ? `${skies} ${db} ${f.indexSeconds} s` : `${skies} ${db} failed`))
          .join(', '),
      )
      .join('; ')
      .concat(` (${SCALE_REPORT})`)
  },
}
