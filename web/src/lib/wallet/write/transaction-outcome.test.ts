import { chainellationAbi } from '@chainellation/contracts'
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeErrorResult,
  type Hash,
  http,
  parseGwei,
} from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { revertingCode } from '../testing/evm-code'
import { ALICE, BOB, localTestChain } from '../testing/local-chain'
import { type TransactionOutcome, watchTransaction } from './transaction-outcome'

const SOME_CONTRACT: Address = '0x00000000000000000000000000000000000c0de1'

let anvil: Anvil
const clients = () => {
  const chain = localTestChain(anvil.rpcUrl)
  const transport = http(anvil.rpcUrl)
  return {
    pub: createPublicClient({ chain, transport, pollingInterval: 50 }),
    wallet: createWalletClient({ chain, transport }),
    test: createTestClient({ chain, transport, mode: 'anvil' }),
  }
}

beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(() => anvil?.stop())
// Transactions wait in the mempool until a test mines them.
beforeEach(() => clients().test.setAutomine(false))

const watch = (hash: Hash, options: Partial<Parameters<typeof watchTransaction>[1]> = {}) =>
  watchTransaction(clients().pub, { hash, droppedAfterMs: 1_000, ...options })

async function nonceOf(account: Address) {
  return clients().pub.getTransactionCount({ address: account, blockTag: 'pending' })
}

describe('watchTransaction', () => {
  it('ends mined with the receipt once the transaction is in a block', async () => {
    const { wallet, test } = clients()
    const hash = await wallet.sendTransaction({ account: ALICE, to: BOB, value: 1n })
    const outcome = watch(hash)
    await test.mine({ blocks: 1 })
    expect(await outcome).toMatchObject({ kind: 'mined', receipt: { transactionHash: hash, status: 'success' } })
  })

  it('ends reverted, with our sentence, when the state changed between sending and mining', async () => {
    const { wallet, test } = clients()
    // Sent while the call would succeed (no code there yet), mined after the contract refuses it.
    const hash = await wallet.sendTransaction({ account: ALICE, to: SOME_CONTRACT, gas: 100_000n })
    const data = encodeErrorResult({ abi: chainellationAbi, errorName: 'ChainellationSoldOut', args: [15_000n] })
    await test.setCode({ address: SOME_CONTRACT, bytecode: revertingCode(data) })
    const outcome = watch(hash)
    await test.mine({ blocks: 1 })
    expect(await outcome).toMatchObject({
      kind: 'reverted',
      receipt: { status: 'reverted' },
      reason: 'Every sky has been minted.',
    })
  })

  it('ends reverted without a reason when the contract gives none we know', async () => {
    const { wallet, test } = clients()
    const target: Address = '0x00000000000000000000000000000000000c0de2'
    const hash = await wallet.sendTransaction({ account: ALICE, to: target, gas: 100_000n })
    await test.setCode({ address: target, bytecode: revertingCode('0xdeadbeef') })
    const outcome = watch(hash)
    await test.mine({ blocks: 1 })
    const ended = await outcome
    expect(ended.kind).toBe('reverted')
    expect(ended).not.toHaveProperty('reason', expect.any(String))
  })

  it.each([
    ['mined', 'sped up: same call, higher fee', { to: BOB, value: 1n }],
    ['cancelled', 'cancelled: nothing, to itself', { to: ALICE, value: 0n }],
    ['replaced', 'replaced by another transaction', { to: BOB, value: 2n }],
  ] as const)('ends %s when the wallet %s takes its nonce', async (kind, _how, instead) => {
    const { wallet, test } = clients()
    const nonce = await nonceOf(ALICE)
    const low = { maxFeePerGas: parseGwei('20'), maxPriorityFeePerGas: parseGwei('1') }
    const high = { maxFeePerGas: parseGwei('40'), maxPriorityFeePerGas: parseGwei('3') }
    const hash = await wallet.sendTransaction({ account: ALICE, to: BOB, value: 1n, nonce, ...low })
    const seen: unknown[] = []
    const outcome = watch(hash, { onSeen: (sent) => seen.push(sent) })
    await expect.poll(() => seen.length).toBe(1)
    expect(seen[0]).toMatchObject({ from: ALICE.toLowerCase(), nonce, to: BOB.toLowerCase(), value: 1n, input: '0x' })
    const other = await wallet.sendTransaction({ account: ALICE, ...instead, nonce, ...high })
    await test.mine({ blocks: 1 })
    const ended: TransactionOutcome = await outcome
    expect(ended.kind).toBe(kind)
    expect(ended).toMatchObject({ receipt: { transactionHash: other } })
    if (kind === 'mined') expect(ended).toMatchObject({ sped: true })
  })

  it('finds a replacement mined before the watch began, from the nonce slot it was told', async () => {
    const { wallet, test } = clients()
    const nonce = await nonceOf(ALICE)
    const hash = await wallet.sendTransaction({ account: ALICE, to: BOB, value: 1n, nonce, gasPrice: parseGwei('20') })
    await wallet.sendTransaction({ account: ALICE, to: ALICE, value: 0n, nonce, gasPrice: parseGwei('40') })
    await test.mine({ blocks: 1 })
    // As after a reload: the watch starts with what was kept about the transaction.
    expect(await watch(hash, { sent: { from: ALICE, nonce, to: BOB, value: 1n, input: '0x' } })).toMatchObject({
      kind: 'cancelled',
    })
  })

  it('gives up a transaction the node dropped, once it has not known it for the time allowed', async () => {
    const { wallet, test } = clients()
    const hash = await wallet.sendTransaction({ account: BOB, to: ALICE, value: 1n })
    const started = Date.now()
    const outcome = watch(hash)
    await test.dropTransaction({ hash })
    expect(await outcome).toEqual({ kind: 'dropped' })
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('waits as long as the transaction is in the mempool', async () => {
    const { wallet, test } = clients()
    const hash = await wallet.sendTransaction({ account: BOB, to: ALICE, value: 1n })
    const outcome = watch(hash, { droppedAfterMs: 200 })
    let ended = false
    void outcome.then(() => {
      ended = true
    })
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(ended).toBe(false)
    await test.mine({ blocks: 1 })
    expect(await outcome).toMatchObject({ kind: 'mined' })
  })

  it('gives up a hash the node never knew', async () => {
    const hash = `0x${'ab'.repeat(32)}` as Hash
    expect(await watch(hash, { droppedAfterMs: 200 })).toEqual({ kind: 'dropped' })
  })

  it('stops when asked', async () => {
    const { wallet } = clients()
    const hash = await wallet.sendTransaction({ account: BOB, to: ALICE, value: 1n })
    const stop = new AbortController()
    const outcome = watch(hash, { signal: stop.signal })
    stop.abort(new Error('left the page'))
    await expect(outcome).rejects.toThrow('left the page')
    await clients().test.dropTransaction({ hash })
  })
})
