import { chainellationAbi } from '@chainellation/contracts'
import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  InsufficientFundsError,
  InternalRpcError,
  ResourceUnavailableRpcError,
  TransactionExecutionError,
  UserRejectedRequestError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import {
  errorMessage,
  INSUFFICIENT_FUNDS,
  isRequestPending,
  isUserRejection,
  revertSentence,
  WALLET_BUSY,
  walletErrorMessage,
} from './error-message'

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
  it('says a wallet that cannot pay cannot, wherever viem finds it in the chain of causes', () => {
    const cause = new InsufficientFundsError({ cause: new BaseError('insufficient funds for gas * price + value') })
    expect(errorMessage(new BaseError('The transaction could not be sent.', { cause }))).toBe(INSUFFICIENT_FUNDS)
    expect(errorMessage(cause)).toBe(INSUFFICIENT_FUNDS)
  })

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

describe('a wallet that is still showing an earlier request (-32002)', () => {
  const busy = () =>
    new TransactionExecutionError(
      new ResourceUnavailableRpcError(
        Object.assign(new Error("Request of type 'eth_sendTransaction' already pending. Please wait."), {
          code: -32002,
        }),
      ),
      {} as never,
    )

  it('is told apart from other errors', () => {
    expect(isRequestPending(busy())).toBe(true)
    expect(isRequestPending(new UserRejectedRequestError(new Error('no')))).toBe(false)
    expect(isRequestPending(new Error('plain'))).toBe(false)
  })

  it('asks the player to look at the wallet when the wallet said so, and only then', () => {
    expect(walletErrorMessage(busy())).toBe(WALLET_BUSY)
    expect(WALLET_BUSY).toMatch(/check|open your wallet/i)
    expect(walletErrorMessage(reverted('ChainellationSoldOut', [15_000n]))).toBe('Every sky has been minted.')
    expect(errorMessage(busy())).not.toBe(WALLET_BUSY)
  })
})

describe('revertSentence', () => {
  it('gives our sentence for a game error, and nothing for anything else', () => {
    expect(revertSentence(reverted('ChainellationNotNight', [1n, 43_200n]))).toBe('It is not night over this sky yet.')
    expect(revertSentence(new BaseError('The RPC is down.'))).toBeUndefined()
    expect(revertSentence('??')).toBeUndefined()
  })
})
