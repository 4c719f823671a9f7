import { chainellationAbi } from '@chainellation/contracts'
import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  zeroAddress,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { isNonexistentSky } from './sky-read'

/** The error viem gives a `readContract` of `tokenURI` that reverted with `errorName`. */
function revertedRead(errorName: 'TokenDoesNotExist' | 'ChainellationNotSkyOwner', args: readonly unknown[]) {
  const data = encodeErrorResult({ abi: chainellationAbi, errorName, args: args as never })
  const cause = new ContractFunctionRevertedError({ abi: chainellationAbi, data, functionName: 'tokenURI' })
  return new ContractFunctionExecutionError(cause, {
    abi: chainellationAbi,
    functionName: 'tokenURI',
    args: [999_999n],
    contractAddress: zeroAddress,
  })
}

describe('isNonexistentSky', () => {
  it('recognises the contract’s nonexistent-sky revert', () => {
    expect(isNonexistentSky(revertedRead('TokenDoesNotExist', []))).toBe(true)
  })

  it.each([
    ['another revert', revertedRead('ChainellationNotSkyOwner', [1n, zeroAddress])],
    ['a node that did not answer', new BaseError('HTTP request failed.')],
    ['a plain error', new Error('TokenDoesNotExist')],
    ['nothing', null],
  ])('is false for %s', (_, error) => {
    expect(isNonexistentSky(error)).toBe(false)
  })
})
