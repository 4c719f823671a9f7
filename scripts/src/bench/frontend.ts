import { FRONTEND_REPORT, type FrontendReport } from './frontend-report'
import { type Measurement, readFreshReport } from './measurement'
import { formatValue } from './results'

/**
 * Our production build (served by the API) beside a stock RainbowKit starter (bench/baseline): JS per route
 * before first paint and with the wallet stack, Lighthouse mobile (performance, accessibility, best practices, SEO),
 * third-party hosts, connect at 4× CPU.
 */
export const frontend: Measurement = {
  name: 'frontend',
  command: ['node', '--import', 'tsx', 'scripts/src/bench/run-frontend.ts'],
  summarize(root, startedAt) {
    const report = readFreshReport<FrontendReport>(root, FRONTEND_REPORT, startedAt)
    const side = (site: 'ours' | 'baseline') => {
      const home = report[site]?.routes.find((r) => r.route === '/')
      const lh = report[site]?.lighthouse['/']?.median
      const others = lh ? ` (accessibility ${lh.accessibility}, best practices ${lh.bestPractices}, SEO ${lh.seo})` : ''
      return `${site} / ${formatValue(home?.jsBeforePaintBytes ?? null, 'bytes')} JS before paint, Lighthouse ${lh?.score ?? '—'}${others}`
    }
    const errors = report.errors.length ? `; ${report.errors.length} errors` : ''
    return `${side('ours')}; ${side('baseline')}${errors} (${FRONTEND_REPORT})`
  },
}
