import { chainellationAbi } from '@chainellation/contracts'
import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  InternalRpcError,
  TransactionExecutionError,
  UserRejectedRequestError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { errorMessage, isUserRejection } from './error-message'

const reverted = (errorName: 'ChainellationNotNight' | 'ChainellationSoldOut', args: readonly bigint[]) =>
  new ContractFunctionExecutionError(
    new ContractFunctionRevertedError({
      abi: chainellationAbi,
      functionName: 'starGaze',
      data: encodeErrorResult({ abi: chainellationAbi, errorName, args } as never),
    }),
    { abi: chainellationAbi, functionName: 'starGaze', args: [1n] },
  )

describe('errorMessage', () => {
  it('puts our custom errors in words', () => {
    expect(errorMessage(reverted('ChainellationNotNight', [1n, 43_200n]))).toBe('It is not night over this sky yet.')
    expect(errorMessage(reverted('ChainellationSoldOut', [15_000n]))).toBe('Every sky has been minted.')
  })

  it('decodes the revert data a wallet attaches when it refuses to send', () => {
    const data = encodeErrorResult({
      abi: chainellationAbi,
      errorName: 'ChainellationWrongPayment',
      args: [1n, 2n],
    })
    const fromWallet = Object.assign(new Error('execution reverted'), { code: 3, data })
    const sent = new TransactionExecutionError(new InternalRpcError(fromWallet as never), {} as never)
    expect(errorMessage(sent)).toBe('The payment does not match the price; refresh the price and try again.')
    const nested = new InternalRpcError(Object.assign(new Error('reverted'), { data: { data } }) as never)
    expect(errorMessage(nested)).toBe('The payment does not match the price; refresh the price and try again.')
  })

  it('leaves revert data it does not know to the short message', () => {
    const unknown = new InternalRpcError(Object.assign(new Error('x'), { data: '0xdeadbeef' }) as never)
    expect(errorMessage(unknown)).toBe(unknown.shortMessage)
  })

  it("falls back to viem's short message, then the error's own", () => {
    expect(errorMessage(new BaseError('The RPC is down.'))).toBe('The RPC is down.')
    expect(errorMessage(new Error('plain'))).toBe('plain')
    expect(errorMessage('??')).toBe('Something went wrong.')
  })
})

describe('isUserRejection', () => {
  it('recognises a wallet rejection anywhere in the cause chain', () => {
    const rejection = new UserRejectedRequestError(new Error('User rejected the request.'))
    expect(isUserRejection(rejection)).toBe(true)
    expect(isUserRejection(new BaseError('wrapped', { cause: rejection }))).toBe(true)
    expect(isUserRejection(new BaseError('other'))).toBe(false)
  })
})
