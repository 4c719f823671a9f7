import type { FrontendReport } from '../frontend/frontend-report'
import { readFreshReport, reportPath } from '../reports'
import { formatValue } from '../units'
import type { Measurement } from './measurement'

/**
 * Our production build (served by the API) beside a stock RainbowKit starter (bench/baseline): JS per route
 * before first paint and with the wallet stack, Lighthouse mobile (performance, accessibility, best practices, SEO),
 * third-party hosts, connect at 4× CPU.
 */
export const frontend: Measurement = {
  name: 'frontend',
  command: ['npm', 'run', '--silent', 'frontend', '-w', '@chainellation/bench'],
  summarize(startedAt) {
    const report = readFreshReport<FrontendReport>('frontend', startedAt)
    const side = (site: 'ours' | 'baseline') => {
      const home = report[site]?.routes.find((r) => r.route === '/')
      const lh = report[site]?.lighthouse['/']?.median
      const others = lh ? ` (accessibility ${lh.accessibility}, best practices ${lh.bestPractices}, SEO ${lh.seo})` : ''
      return `${site} / ${formatValue(home?.jsBeforePaintBytes ?? null, 'bytes')} JS before paint, Lighthouse ${lh?.score ?? '—'}${others}`
    }
    const errors = report.errors.length ? `; ${report.errors.length} errors` : ''
    return `${side('ours')}; ${side('baseline')}${errors} (${reportPath('frontend')})`
  },
}
