import { readFreshReport, reportPath } from '../reports'
import type { Measurement } from './measurement'

/** Gas per game action on a fresh local chain; the contracts' gas script prints it beside budgets and the ancestor's figures. */
export const gas: Measurement = {
  name: 'gas',
  command: ['npm', 'run', '--silent', 'gas', '-w', '@chainellation/bench'],
  summarize(startedAt) {
    const report = readFreshReport<Record<string, number>>('gas', startedAt)
    return `${Object.keys(report).length} actions measured (${reportPath('gas')})`
  },
}
