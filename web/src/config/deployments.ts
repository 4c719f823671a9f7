import { getDeployment } from '@chainellation/contracts'

export const LOCAL_CHAIN_ID = 31337

/** Address of the Chainellation contract on `chainId`, or undefined when it is not deployed there. */
export function chainellationAddress(chainId: number): `0x${string}` | undefined {
  return getDeployment(chainId)?.contracts.Chainellation
}
