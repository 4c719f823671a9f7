import { expect, it } from 'vitest'
import { startAnvil } from '../scripts/anvil.ts'
import { type GasReport, gasBudgets, measureGas } from '../scripts/gas.ts'

// Gas is deterministic on a fresh chain, so budgets are asserted here; timings belong in the bench.
it('every game action stays within its gas budget', async () => {
  const anvil = await startAnvil()
  try {
    const report = await measureGas(anvil.rpcUrl)
    expect(Object.keys(report).sort()).toEqual(Object.keys(gasBudgets).sort())
    for (const key of Object.keys(gasBudgets) as (keyof GasReport)[]) {
      expect(report[key], key).toBeGreaterThan(0)
      expect(report[key], `${key}: ${report[key]} gas, budget ${gasBudgets[key]}`).toBeLessThanOrEqual(gasBudgets[key])
    }
  } finally {
    await anvil.stop()
  }
})
