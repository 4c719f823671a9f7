import { chainellationAbi } from '@chainellation/contracts'
import { anvilAccount } from '@chainellation/contracts/safe'
import { encodeFunctionData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { useRelayChain } from '../../test/relay'
import { type PrepareOptions, prepareRelay } from './prepare'

const chain = useRelayChain()
const relayer = anvilAccount(3)
/** A new player, with no ether at all. */
const player = privateKeyToAccount(generatePrivateKey())
const options = (overrides: Partial<PrepareOptions> = {}): PrepareOptions => ({
  client: chain.client(),
  policy: chain.policy,
  relayer: relayer.address,
  minBalanceWei: 10n ** 17n,
  ...overrides,
})

/** The player's request to call `data` on the game, signed at `nonce` (their forwarder's is 0). */
const signed = async (data: `0x${string}`, nonce = 0n) => (await chain.sign(data, { player, nonce })).request

const mint = encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [3_600] })

describe('prepareRelay', () => {
  it('readies a new player’s mint: its gas limit and fees, at the nonce it was signed at', async () => {
    const prepared = await prepareRelay(options(), await signed(mint))
    if ('code' in prepared) throw new Error(prepared.message)
    expect(prepared).toMatchObject({ contract: 'Chainellation', functionName: 'mint', requestNonce: 0n })
    expect(prepared.gasLimit).toBeGreaterThan(100_000n)
    expect(prepared.maxFeePerGas).toBeGreaterThan(0n)
  })

  it('refuses at the first check that fails', async () => {
    const transfer = encodeFunctionData({
      abi: chainellationAbi,
      functionName: 'transferFrom',
      args: [player.address, relayer.address, 1n],
    })
    const gaze = encodeFunctionData({ abi: chainellationAbi, functionName: 'starGaze', args: [1n] })
    const poor = privateKeyToAccount(generatePrivateKey()).address
    const cases: [Promise<unknown>, string][] = [
      [prepareRelay(options(), await signed(transfer)), 'not-playable'],
      [prepareRelay(options({ relayer: poor }), await signed(mint)), 'paused'],
      [prepareRelay(options(), await signed(mint, 1n)), 'signature'],
      [prepareRelay(options(), await signed(gaze)), 'reverted'],
    ]
    for (const [result, code] of cases) expect(await result, code).toMatchObject({ code })
  })
})
