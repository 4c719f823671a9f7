// The fast lane of the property tests: thousands of cases, each made of real transactions and calls on anvil.
// What a case costs is mostly messages, so the lane keeps them few:
// - one WebSocket carries every request, a third of an HTTP round trip;
// - automine is off: transactions go from anvil's unlocked accounts with a fixed gas limit (no nonce, fee or
//   gas look-ups) into the pool, in order, and one evm_mine puts all of them in a block, whose receipts come
//   back in one message (no polling, and none of the rare 30 s stalls of eth_sendTransactionSync);
// - calls take the block time as an override, so trying a gaze at another hour mines nothing;
// - views are read together through Multicall3, one eth_call for many;
// - requests go one at a time: two in flight at once on anvil's socket come back some 20 ms late.
// And the fixture's anvil keeps no chain history, which would slow every block as thousands of them pile up.

import fc from 'fast-check'
import {
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  createPublicClient,
  encodeFunctionData,
  formatTransactionReceipt,
  getContract,
  type Hash,
  type Hex,
  numberToHex,
  type RpcTransactionReceipt,
  type TransactionReceipt,
  testActions,
  webSocket,
} from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect } from 'vitest'
import { chainellationAbi, decorationsAbi } from '../src/index.ts'
import { MULTICALL3_ADDRESS } from '../src/multicall3.ts'
import type { Fixture } from './fixture.ts'

/** Cases per property, every one of them on the chain. */
export const RUNS = 1_000
// A run that outlives this is interrupted and fails: it never passes on fewer cases. The limit also bounds
// the shrinking of a failure, which replays it on the chain, so the smallest counterexample found by then is
// reported before the test's own timeout.
const TIME_LIMIT = 240_000
/** Timeout of a property test. */
export const PROPERTY_TIMEOUT = 300_000

/** Gas for every lane transaction: well above any single game action, so no estimate is needed. */
const GAS = 2_000_000n

type Writable<abi extends Abi> = ContractFunctionName<abi, 'nonpayable' | 'payable'>

/** Opens the lane to the fixture's anvil; `close` it after the file's tests (or let `useLane` do it). */
export function openLane(f: Fixture) {
  // No retries: a repeated eth_sendTransaction would be a second transaction.
  const transport = webSocket(f.rpcUrl.replace(/^http/, 'ws'), { keepAlive: false, reconnect: false, retryCount: 0 })
  // Multicall3 sits at its canonical address on the local chain (the deployment puts it there).
  const chain = { ...foundry, contracts: { multicall3: { address: MULTICALL3_ADDRESS } } }
  const client = createPublicClient({ chain, transport }).extend(testActions({ mode: 'anvil' }))
  let queued: { hash: Hash; label: string }[] = []

  /** Puts `functionName(args)` to `to` from `from` in the pool, to be mined by the next `mine`. */
  const sender =
    <const abi extends Abi>(to: Address, abi: abi) =>
    async <name extends Writable<abi>>(
      from: Address,
      functionName: name,
      args: ContractFunctionArgs<abi, 'nonpayable' | 'payable', name>,
      value = 0n,
    ): Promise<void> => {
      const data: Hex = encodeFunctionData({ abi, functionName, args } as never)
      const hash = (await client.request({
        method: 'eth_sendTransaction',
        params: [{ from, to, data, value: numberToHex(value), gas: numberToHex(GAS) }],
      } as never)) as Hash
      queued.push({ hash, label: `${functionName} from ${from}` })
    }

  /**
   * Mines every queued transaction in one block, at `timestamp` when given (else at the latest block's time),
   * and returns their receipts in the order they were sent, asserting that each one succeeded.
   */
  const mine = async (timestamp?: number): Promise<TransactionReceipt[]> => {
    const sent = queued
    queued = []
    await client.request({ method: 'evm_mine', params: timestamp === undefined ? [] : [timestamp] } as never)
    const raw = (await client.request({ method: 'eth_getBlockReceipts', params: ['latest'] })) as
      | RpcTransactionReceipt[]
      | null
    const receipts = (raw ?? []).map((r) => formatTransactionReceipt(r))
    expect(receipts.map((r) => r.transactionHash)).toEqual(sent.map((s) => s.hash))
    for (const [i, receipt] of receipts.entries()) expect(receipt.status, sent[i]?.label).toBe('success')
    return receipts
  }

  const sendSky = sender(f.addresses.Chainellation, chainellationAbi)
  const sendDecorations = sender(f.addresses.Decorations, decorationsAbi)

  return {
    client,
    /** Reads and simulations of the collection and the registry (pass `blockOverrides` to move the clock). */
    sky: getContract({ address: f.addresses.Chainellation, abi: chainellationAbi, client }),
    decorations: getContract({ address: f.addresses.Decorations, abi: decorationsAbi, client }),
    /** Queue a transaction to the collection or the registry. */
    sendSky,
    sendDecorations,
    mine,
    /** Sends one transaction to the collection and mines it alone; returns its receipt. */
    transactSky: async (...args: Parameters<typeof sendSky>) => {
      await sendSky(...args)
      return (await mine())[0] as TransactionReceipt
    },
    /** The latest block's time. */
    now: async () => Number((await client.getBlock({ blockTag: 'latest' })).timestamp),
    snapshot: () => client.snapshot(),
    /** Back to snapshot `id`, with nothing left in the pool. */
    revert: async (id: Hex) => {
      if (queued.length) await client.request({ method: 'anvil_dropAllTransactions' } as never)
      queued = []
      await client.revert({ id })
    },
    close: async () => (await client.transport.getRpcClient()).close(),
  }
}

export type Lane = ReturnType<typeof openLane> & {
  /**
   * Asserts `body` for RUNS values of `arbitrary`, each on a snapshot of the chain reverted afterwards so that
   * every case starts alike, and that exactly RUNS cases ran.
   */
  forAll: <T>(arbitrary: fc.Arbitrary<T>, body: (value: T) => Promise<void>) => Promise<void>
}

/** Registers the hooks that open the lane after the fixture's chain is up and close it before it stops. */
export function useLane(f: Fixture): Lane {
  const lane = {} as Lane
  beforeAll(async () => {
    const opened = openLane(f)
    await opened.client.setAutomine(false)
    const forAll = async <T>(arbitrary: fc.Arbitrary<T>, body: (value: T) => Promise<void>) => {
      let cases = 0
      await fc.assert(
        fc.asyncProperty(arbitrary, async (value) => {
          cases++
          const id = await opened.snapshot()
          try {
            await body(value)
          } finally {
            await opened.revert(id)
          }
        }),
        { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT, markInterruptAsFailure: true },
      )
      expect(cases).toBe(RUNS)
    }
    Object.assign(lane, opened, { forAll })
  })
  afterAll(async () => {
    if (!lane.close) return
    await lane.client.setAutomine(true)
    await lane.close()
  })
  return lane
}
