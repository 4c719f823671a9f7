import type { GatewayTransactionDetails as TransactionDetails } from '@safe-global/safe-apps-sdk'
import { describe, expect, it, vi } from 'vitest'
import { originPatterns, SafeTransactionError, safeProgressText, trackSafeTransaction } from './safe-app'

const safeTxHash = `0x${'ab'.repeat(32)}` as const
const chainTxHash = `0x${'cd'.repeat(32)}` as const

const details = (txStatus: string, confirmations = 0, required = 2, txHash?: string) =>
  ({
    safeAddress: '0x0000000000000000000000000000000000000001',
    txId: 'multisig_1',
    txStatus,
    txHash,
    txInfo: {},
    detailedExecutionInfo: {
      type: 'MULTISIG',
      confirmationsRequired: required,
      confirmations: Array.from({ length: confirmations }, () => ({})),
    },
  }) as unknown as TransactionDetails

/** A Safe{Wallet} stand-in answering each lookup with the next of `answers` (an Error rejects). */
function lookup(answers: (TransactionDetails | Error | 'silence')[]) {
  const asked: string[] = []
  return {
    asked,
    txs: {
      getBySafeTxHash: (hash: string) => {
        asked.push(hash)
        const next = answers.shift() ?? 'silence'
        if (next === 'silence') return new Promise<TransactionDetails>(() => {})
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next)
      },
    },
  }
}

describe('trackSafeTransaction', () => {
  it('reports signatures, then execution, and resolves with the chain transaction once executed', async () => {
    const sdk = lookup([
      details('AWAITING_CONFIRMATIONS', 1),
      details('AWAITING_EXECUTION', 2),
      details('SUCCESS', 2, 2, chainTxHash),
    ])
    const onProgress = vi.fn()
    await expect(trackSafeTransaction(sdk, safeTxHash, { onProgress, intervalMs: 1 })).resolves.toBe(chainTxHash)
    expect(onProgress.mock.calls.map(([p]) => p)).toEqual([
      { safeTxHash, awaiting: 'signatures', confirmations: 1, required: 2 },
      { safeTxHash, awaiting: 'execution', confirmations: 2, required: 2 },
    ])
    expect(sdk.asked).toEqual([safeTxHash, safeTxHash, safeTxHash])
  })

  it('resolves with the chain transaction of an executed transaction that reverted, for the receipt to tell', async () => {
    const sdk = lookup([details('FAILED', 1, 1, chainTxHash)])
    await expect(trackSafeTransaction(sdk, safeTxHash, { intervalMs: 1 })).resolves.toBe(chainTxHash)
  })

  it('asks again after an unanswered or failed question', async () => {
    const sdk = lookup(['silence', new Error('Safe{Wallet} is busy'), details('SUCCESS', 1, 1, chainTxHash)])
    await expect(trackSafeTransaction(sdk, safeTxHash, { intervalMs: 1, answerTimeoutMs: 20 })).resolves.toBe(
      chainTxHash,
    )
    expect(sdk.asked).toHaveLength(3)
  })

  it('rejects a cancelled transaction, and a failed one with nothing on chain', async () => {
    await expect(trackSafeTransaction(lookup([details('CANCELLED')]), safeTxHash)).rejects.toThrow(
      new SafeTransactionError('The Safe transaction was cancelled.'),
    )
    await expect(trackSafeTransaction(lookup([details('FAILED')]), safeTxHash)).rejects.toThrow(
      'The Safe transaction failed.',
    )
  })

  it('stops when aborted', async () => {
    const controller = new AbortController()
    const sdk = lookup(Array.from({ length: 100 }, () => details('AWAITING_CONFIRMATIONS', 1)))
    const tracking = trackSafeTransaction(sdk, safeTxHash, { intervalMs: 5, signal: controller.signal })
    controller.abort(new Error('left the page'))
    await expect(tracking).rejects.toThrow('left the page')
  })
})

describe('safeProgressText', () => {
  it('says whose signatures are missing, or that the execution is', () => {
    expect(safeProgressText({ safeTxHash, awaiting: 'signatures', confirmations: 1, required: 2 })).toBe(
      "Awaiting other owners' signatures in your Safe: 1 of 2 signed.",
    )
    expect(safeProgressText({ safeTxHash, awaiting: 'execution', confirmations: 2, required: 2 })).toBe(
      'Signed by 2 of 2 owners; waiting for an owner to execute it in your Safe.',
    )
  })
})

describe('originPatterns', () => {
  it('matches exactly the listed origins', () => {
    const [pattern] = originPatterns(['https://app.safe.global'])
    expect(pattern?.test('https://app.safe.global')).toBe(true)
    for (const other of [
      'https://app.safe.global.evil.example',
      'https://evilapp.safe.global',
      'https://appxsafe.global',
      'http://app.safe.global',
      'https://app.safe.global:8443',
    ])
      expect(pattern?.test(other), other).toBe(false)
  })
})
