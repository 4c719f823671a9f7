import { type Measurement, readFreshReport } from './measurement'

/** Gas per game action on a fresh local chain; the contracts' gas script prints it beside budgets and the ancestor's figures. */
export const gas: Measurement = {
  name: 'gas',
  command: ['npm', 'run', '--silent', 'gas', '-w', '@chainellation/contracts'],
  summarize(root, startedAt) {
    const report = readFreshReport<Record<string, number>>(root, 'contracts/gas-report.json', startedAt)
    return `${Object.keys(report).length} actions measured (contracts/gas-report.json)`
  },
}
