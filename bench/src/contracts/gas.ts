// Gas per game action on a fresh local chain (the contracts' own gas test holds the same figures to their budgets),
// printed beside the budgets and the ancestor's figures; writes bench/reports/gas.json.
import { startAnvil } from '@chainellation/contracts/anvil'
import { formatGasReport, type GasReport, gasBudgets, measureGas } from '@chainellation/contracts/gas'
import { writeReport } from '../reports'

const anvil = await startAnvil()
try {
  const report = await measureGas(anvil.rpcUrl)
  writeReport('gas', report)
  process.stdout.write(`${formatGasReport(report)}\n`)
  const over = (Object.keys(gasBudgets) as (keyof GasReport)[]).filter((k) => report[k] > gasBudgets[k])
  if (over.length) {
    process.stderr.write(`over budget: ${over.join(', ')}\n`)
    process.exitCode = 1
  }
} finally {
  await anvil.stop()
}
