import { chainellationAbi } from '@chainellation/contracts'
import { anvilAccount } from '@chainellation/contracts/safe'
import { eq } from 'drizzle-orm'
import { createTestClient, createWalletClient, encodeFunctionData, type Hash, http } from 'viem'
import { anvil as anvilChain } from 'viem/chains'
import { afterEach, describe, expect, it } from 'vitest'
import { prepareAndSend, ROOMY_BUDGETS, useRelayChain, useRelayDatabase } from '../../test/relay'
import { rpcProxy } from '../../test/rpc-proxy'
import { relayTransactions } from '../db/schema'
import { spent } from './budgets'
import { createRelaySender, type SenderOptions } from './sender'

const chain = useRelayChain()
const database = useRelayDatabase()
/** An account of its own, so that its nonces are this file's alone. */
const relayer = anvilAccount(4)
const NOW = new Date('2026-11-30T12:00:00Z')

const client = (url = chain.rpcUrl, timeout?: number) => chain.client(url, { timeout, retryCount: 0 })
const testClient = () => createTestClient({ chain: anvilChain, mode: 'anvil', transport: http(chain.rpcUrl) })
const sender = (overrides: Partial<SenderOptions> = {}) =>
  createRelaySender({
    db: database.db,
    client: client(),
    account: relayer,
    chainId: anvilChain.id,
    forwarder: chain.policy.forwarder,
    budgets: ROOMY_BUDGETS,
    now: () => NOW,
    ...overrides,
  })

afterEach(async () => {
  await testClient().setAutomine(true)
})

const mint = encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [3_600] })
const { forwarderNonce } = chain
const relayerNonce = () => client().getTransactionCount({ address: relayer.address })

/** A new player's mint request, signed at their forwarder nonce. */
const signedMint = () => chain.sign(mint)

/** Prepares and sends `signed`, with `send` or a sender of its own. */
const relay = (signed: Awaited<ReturnType<typeof signedMint>>, send = sender()) =>
  prepareAndSend(
    send,
    { client: client(), policy: chain.policy, relayer: relayer.address, minBalanceWei: 10n ** 17n },
    signed,
  )

const rowOf = async (hash: Hash) =>
  (await database.db.select().from(relayTransactions).where(eq(relayTransactions.hash, hash)))[0]
const allSpent = () => spent(database.db, 'all', '', NOW)

describe('the relayer’s sender', () => {
  it('sends a request as one transaction, and settles its budgets from the receipt', async () => {
    const signed = await signedMint()
    const sent = await relay(signed)
    const receipt = await client().waitForTransactionReceipt({ hash: sent.hash })
    expect(receipt.status).toBe('success')
    expect(await forwarderNonce(signed.player.address)).toBe(1n)
    await sender().keep()
    const row = await rowOf(sent.hash)
    const cost = receipt.gasUsed * receipt.effectiveGasPrice
    expect(row).toMatchObject({ status: 'mined', costWei: cost.toString(), call: 'Chainellation.mint' })
    expect(await allSpent()).toEqual({ wei: cost, requests: 1 })
    expect(await sender().queued()).toBe(0)
  })

  it('answers the same request sent again with its transaction, and sends nothing more', async () => {
    const signed = await signedMint()
    const before = await relayerNonce()
    const first = await relay(signed)
    await client().waitForTransactionReceipt({ hash: first.hash })
    // Found before it is prepared again, as the route does, once mined.
    expect(await sender().find(signed.request.signature)).toMatchObject({ hash: first.hash, status: 'sent' })
    await sender().keep()
    expect(await sender().find(signed.request.signature)).toMatchObject({ hash: first.hash, status: 'mined' })
    expect(await relayerNonce()).toBe(before + 1)
  })

  it('gives requests sent at once their own nonces, though the node is slow to take each', async () => {
    // Each send's nonce is taken before the one before it has reached the node.
    const node = await rpcProxy(chain.rpcUrl, { delayMs: 150 })
    const before = await relayerNonce()
    const signed = await Promise.all([signedMint(), signedMint(), signedMint()])
    const sent = await Promise.all(signed.map((one) => relay(one, sender({ client: client(node.url) }))))
    await node.close()
    const receipts = await Promise.all(sent.map(({ hash }) => client().waitForTransactionReceipt({ hash })))
    expect(receipts.map((r) => r.status)).toEqual(['success', 'success', 'success'])
    const nonces = await Promise.all(sent.map(async ({ hash }) => (await rowOf(hash))?.nonce))
    expect(new Set(nonces)).toEqual(new Set([before, before + 1, before + 2]))
  })

  it('sends a request once when the node times out as it is sent, then broadcasts it again', async () => {
    // A node that takes the transaction and never answers: the sender cannot know it was sent.
    const node = await rpcProxy(chain.rpcUrl, { hangSends: true })
    const errors: unknown[] = []
    try {
      await testClient().setAutomine(false)
      const before = await relayerNonce()
      const signed = await signedMint()
      const timingOut = sender({
        client: client(node.url, 300),
        rebroadcastAfterMs: 0,
        onBroadcastError: (error) => errors.push(error),
      })
      const sent = await relay(signed, timingOut)
      expect(errors).toHaveLength(1)
      // The keeper broadcasts the same transaction again, and the same request sent again is answered with it.
      await timingOut.keep()
      expect(node.sends()).toBe(2)
      expect(await sender().find(signed.request.signature)).toMatchObject({ hash: sent.hash })
      await testClient().mine({ blocks: 1 })
      expect((await client().getTransactionReceipt({ hash: sent.hash })).status).toBe('success')
      expect(await relayerNonce()).toBe(before + 1)
      expect(await forwarderNonce(signed.player.address)).toBe(1n)
    } finally {
      await node.close()
    }
  })

  it('replaces a stuck transaction at higher fees, and settles by the one mined', async () => {
    await testClient().setAutomine(false)
    const signed = await signedMint()
    const sent = await relay(signed)
    const first = await rowOf(sent.hash)
    if (!first) throw new Error('not recorded')
    await sender({ stuckAfterMs: 0 }).keep()
    const replaced = await rowOf((await sender().status(first.id))?.hash ?? '0x')
    expect(replaced?.hashes).toHaveLength(2)
    expect(replaced?.nonce).toBe(first.nonce)
    expect(BigInt(replaced?.maxFeePerGas ?? 0)).toBeGreaterThan((BigInt(first.maxFeePerGas) * 11n) / 10n)
    expect(BigInt(replaced?.reservedWei ?? 0)).toBeGreaterThan(BigInt(first.reservedWei))
    await testClient().mine({ blocks: 1 })
    await sender().keep()
    const settled = await sender().status(first.id)
    expect(settled).toMatchObject({ status: 'mined', hash: replaced?.hash })
    const receipt = await client().getTransactionReceipt({ hash: settled?.hash ?? '0x' })
    expect(await allSpent()).toEqual({ wei: receipt.gasUsed * receipt.effectiveGasPrice, requests: 1 })
    expect(await forwarderNonce(signed.player.address)).toBe(1n)
  })

  it('gives back what a transaction reserved when another takes its nonce', async () => {
    await testClient().setAutomine(false)
    const sent = await relay(await signedMint())
    const row = await rowOf(sent.hash)
    // The relayer's key used elsewhere, at higher fees: the node keeps that one in the nonce slot.
    const wallet = createWalletClient({ account: relayer, chain: anvilChain, transport: http(chain.rpcUrl) })
    await wallet.sendTransaction({
      to: relayer.address,
      nonce: row?.nonce,
      maxFeePerGas: BigInt(row?.maxFeePerGas ?? 0) * 2n,
      maxPriorityFeePerGas: BigInt(row?.maxPriorityFeePerGas ?? 0) * 2n,
    })
    await testClient().mine({ blocks: 1 })
    await sender().keep()
    expect(await sender().status(row?.id ?? 0)).toMatchObject({ status: 'dropped' })
    expect(await allSpent()).toEqual({ wei: 0n, requests: 0 })
  })
})
