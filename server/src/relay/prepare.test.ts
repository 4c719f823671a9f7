import { chainellationAbi, forwarderDomain, forwardRequestTypes } from '@chainellation/contracts'
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import { deployAll } from '@chainellation/contracts/deploy'
import { anvilAccount } from '@chainellation/contracts/safe'
import { type Address, createPublicClient, encodeFunctionData, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RelayPolicy, RelayRequest } from './policy'
import { type PrepareOptions, prepareRelay } from './prepare'

let chain: Anvil
let policy: RelayPolicy
const relayer = anvilAccount(3)
/** A new player, with no ether at all. */
const player = privateKeyToAccount(generatePrivateKey())
const client = () => createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) })
const options = (overrides: Partial<PrepareOptions> = {}): PrepareOptions => ({
  client: client(),
  policy,
  relayer: relayer.address,
  minBalanceWei: 10n ** 17n,
  ...overrides,
})

beforeAll(async () => {
  chain = await startAnvil()
  const { contracts } = await deployAll({ rpcUrl: chain.rpcUrl, writeBindings: false })
  policy = {
    chainId: anvilChain.id,
    forwarder: contracts.Forwarder as Address,
    contracts: { Chainellation: contracts.Chainellation as Address, Decorations: contracts.Decorations as Address },
    gasCap: 300_000n,
    maxDeadlineSeconds: 3_600,
  }
})
afterAll(async () => {
  await chain?.stop()
})

async function signed(data: `0x${string}`, nonce = 0n): Promise<RelayRequest> {
  const now = Number((await client().getBlock()).timestamp)
  const fields = {
    from: player.address,
    to: policy.contracts.Chainellation,
    value: 0n,
    gas: 200_000n,
    deadline: now + 600,
    data,
  }
  const signature = await player.signTypedData({
    domain: forwarderDomain(policy.chainId, policy.forwarder),
    types: forwardRequestTypes,
    primaryType: 'ForwardRequest',
    message: { ...fields, nonce },
  })
  return { ...fields, signature }
}

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
