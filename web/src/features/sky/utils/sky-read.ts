import { BaseError, ContractFunctionRevertedError } from 'viem'

/** Whether a read failed because the sky was never minted: the contract's `ChainellationNonexistentSky`. */
export function isNonexistentSky(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  return reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName === 'ChainellationNonexistentSky'
}
