import { getDeployment } from '@chainellation/contracts'

export type ContractAddresses = Record<string, `0x${string}`>

/** Addresses of the game's contracts on `chainId`, or `{}` when nothing is deployed there. */
export function contractsFor(chainId: number): ContractAddresses {
  return { ...getDeployment(chainId)?.contracts }
}
