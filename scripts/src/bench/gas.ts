import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Measurement } from './measurement'

/** Gas per game action on a fresh local chain; the contracts' gas script prints it beside budgets and the ancestor's figures. */
export const gas: Measurement = {
  name: 'gas',
  command: ['npm', 'run', '--silent', 'gas', '-w', '@chainellation/contracts'],
  summarize(root, startedAt) {
    const file = join(root, 'contracts', 'gas-report.json')
    if (statSync(file).mtimeMs < startedAt) throw new Error('contracts/gas-report.json was not rewritten')
    const report = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>
    return `${Object.keys(report).length} actions measured (contracts/gas-report.json)`
  },
}
