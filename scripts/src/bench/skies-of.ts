import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Measurement } from './measurement'

/** Gas of listing one wallet's 100 skies in one call with 15,000 skies minted. */
export const skiesOf: Measurement = {
  name: 'skiesOf',
  command: ['npm', 'run', '--silent', 'bench:skies-of', '-w', '@chainellation/contracts'],
  summarize(root, startedAt) {
    const file = join(root, 'contracts', 'skies-of-report.json')
    if (statSync(file).mtimeMs < startedAt) throw new Error('contracts/skies-of-report.json was not rewritten')
    const f = JSON.parse(readFileSync(file, 'utf8')) as { listed: number; minted: number; gas: number }
    return `${f.listed} skies among ${f.minted} minted: ${f.gas} gas (contracts/skies-of-report.json)`
  },
}
