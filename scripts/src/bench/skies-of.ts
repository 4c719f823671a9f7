import { type Measurement, readFreshReport } from './measurement'

/** Gas of listing one wallet's 100 skies in one call with 15,000 skies minted. */
export const skiesOf: Measurement = {
  name: 'skiesOf',
  command: ['npm', 'run', '--silent', 'bench:skies-of', '-w', '@chainellation/contracts'],
  summarize(root, startedAt) {
    const f = readFreshReport<{ listed: number; minted: number; gas: number }>(
      root,
      'contracts/skies-of-report.json',
      startedAt,
    )
    return `${f.listed} skies among ${f.minted} minted: ${f.gas} gas (contracts/skies-of-report.json)`
  },
}
