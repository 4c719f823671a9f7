import { readFreshReport, reportPath } from '../reports'
import type { Measurement } from './measurement'

/** Gas of listing one wallet's 100 skies in one call with 15,000 skies minted. */
export const skiesOf: Measurement = {
  name: 'skiesOf',
  command: ['npm', 'run', '--silent', 'skies-of', '-w', '@chainellation/bench'],
  summarize(startedAt) {
    const f = readFreshReport<{ listed: number; minted: number; gas: number }>('skiesOf', startedAt)
    return `${f.listed} skies among ${f.minted} minted: ${f.gas} gas (${reportPath('skiesOf')})`
  },
}
