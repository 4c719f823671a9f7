import { BaseError, ContractFunctionRevertedError } from 'viem'

/**
 * Whether a read failed because the sky was never minted: `TokenDoesNotExist`, the ERC-721 base's error,
 * which the collection raises for a missing sky in every function.
 */
export function isNonexistentSky(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  return reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName === 'TokenDoesNotExist'
}
