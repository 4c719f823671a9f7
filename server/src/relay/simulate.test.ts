import { chainellationAbi, contractAddress } from '@chainellation/contracts'
import { freePort } from '@chainellation/contracts/anvil'
import { anvilAccount } from '@chainellation/contracts/safe'
import { type Address, createPublicClient, createWalletClient, encodeFunctionData, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { beforeAll, describe, expect, it } from 'vitest'
import { useRelayChain } from '../../test/relay'
import { simulateRelay } from './simulate'

const chain = useRelayChain()
const relayer = anvilAccount(3)
const owner = anvilAccount(0)
/** A new player, with no ether at all. */
const player = privateKeyToAccount(generatePrivateKey())
const client = () => chain.client()
let forwarder: Address
let chainellation: Address
beforeAll(() => {
  forwarder = chain.policy.forwarder
  chainellation = chain.policy.contracts.Chainellation
  expect(forwarder, 'the recorded local deployment').toBe(contractAddress('Forwarder', anvilChain.id))
})

/** The player's request to call `data` on the game, signed at nonce 0. */
const signed = async (data: `0x${string}`, deadlineIn = 600, gas = 200_000n) =>
  (await chain.sign(data, { player, nonce: 0n, deadlineIn, gas })).request

const mint = encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [3_600] })

describe('simulateRelay', () => {
  it('finds the gas a new player’s mint takes through the forwarder, and sends nothing', async () => {
    const before = await client().getBlockNumber()
    const result = await simulateRelay(client(), { forwarder }, await signed(mint), relayer.address)
    expect(result).toMatchObject({ gas: expect.any(BigInt) })
    expect((result as { gas: bigint }).gas).toBeGreaterThan(100_000n)
    expect(await client().getBlockNumber()).toBe(before)
    expect(await client().getTransactionCount({ address: relayer.address })).toBe(0)
  })

  it('refuses a request that gives its call too little gas, saying what it needs, and gas enough by a little', async () => {
    const short = await simulateRelay(client(), { forwarder }, await signed(mint, 600, 40_000n), relayer.address)
    expect(short).toMatchObject({ code: 'gas', reason: 'gas-low' })
    const needs = BigInt(/it needs about (\d+)/.exec((short as { message: string }).message)?.[1] ?? 0)
    expect(needs).toBeGreaterThan(40_000n)
    // What the words name is enough: the call runs on the request's gas whole, as the forwarder gives it.
    expect(await simulateRelay(client(), { forwarder }, await signed(mint, 600, needs), relayer.address)).toMatchObject(
      {
        gas: expect.any(BigInt),
      },
    )
  })

  it('names the forwarder’s reason for a request the game would take but it would not', async () => {
    const expired = await signed(mint, -1)
    expect(await simulateRelay(client(), { forwarder }, expired, relayer.address)).toMatchObject({
      code: 'reverted',
      error: 'ERC2771ForwarderExpiredRequest',
    })
  })

  it('names the game contract’s reason for a request it would refuse', async () => {
    const gaze = encodeFunctionData({ abi: chainellationAbi, functionName: 'starGaze', args: [1n] })
    expect(await simulateRelay(client(), { forwarder }, await signed(gaze), relayer.address)).toMatchObject({
      code: 'reverted',
      error: 'TokenDoesNotExist',
    })
    const wallet = createWalletClient({ account: owner, chain: anvilChain, transport: http(chain.rpcUrl) })
    const hash = await wallet.writeContract({
      address: chainellation,
      abi: chainellationAbi,
      functionName: 'setPrices',
      args: [10n ** 15n, 0n],
    })
    await client().waitForTransactionReceipt({ hash })
    const priced = await simulateRelay(client(), { forwarder }, await signed(mint), relayer.address)
    expect(priced).toMatchObject({ code: 'reverted', error: 'ChainellationWrongPayment' })
    expect((priced as { message: string }).message).toMatch(/nothing was sent\. You can still send it from your wallet/)
  })

  it('throws, rather than refusing, when the node does not answer', async () => {
    const closed = createPublicClient({
      chain: anvilChain,
      transport: http(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 }),
    })
    await expect(simulateRelay(closed, { forwarder }, await signed(mint), relayer.address)).rejects.toThrow()
  })
})
