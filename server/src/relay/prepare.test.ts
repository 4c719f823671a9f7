import { chainellationAbi, forwarderDomain, forwardRequestTypes } from '@chainellation/contracts'
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import { deployAll } from '@chainellation/contracts/deploy'
import { anvilAccount } from '@chainellation/contracts/safe'
import { type Address, createPublicClient, encodeFunctionData, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db'
import { relaySpend } from '../db/schema'
import { openTestDatabase } from '../testing/database'
import { spent } from './budgets'
import type { RelayPolicy, RelayRequest } from './policy'
import { type PrepareOptions, prepareRelay } from './prepare'

let chain: Anvil
let database: DatabaseHandle
let policy: RelayPolicy
const relayer = anvilAccount(3)
/** A new player, with no ether at all. */
const player = privateKeyToAccount(generatePrivateKey())
const spender = { player: player.address, client: 'client-1' }
const NOW = new Date('2026-11-29T12:00:00Z')
const client = () => createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) })
const budgets = { playerWei: 10n ** 16n, clientWei: 10n ** 17n, allWei: 10n ** 18n }
const options = (overrides: Partial<PrepareOptions> = {}): PrepareOptions => ({
  db: database.db,
  client: client(),
  policy,
  budgets,
  relayer: relayer.address,
  minBalanceWei: 10n ** 17n,
  ...overrides,
})

beforeAll(async () => {
  ;[chain, database] = await Promise.all([startAnvil(), openTestDatabase()])
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
  await Promise.all([chain?.stop(), database?.close()])
})
beforeEach(async () => {
  await database.db.delete(relaySpend)
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
const nothingReserved = async () => expect(await spent(database.db, 'all', '', NOW)).toEqual({ wei: 0n, requests: 0 })

describe('prepareRelay', () => {
  it('readies a new player’s mint: its gas limit and fees, its most possible cost reserved', async () => {
    const prepared = await prepareRelay(options(), await signed(mint), spender, NOW)
    if ('code' in prepared) throw new Error(prepared.message)
    expect(prepared).toMatchObject({ contract: 'Chainellation', functionName: 'mint' })
    expect(prepared.gasLimit).toBeGreaterThan(100_000n)
    expect(prepared.maxFeePerGas).toBeGreaterThan(0n)
    const cost = prepared.gasLimit * prepared.maxFeePerGas
    expect(prepared.reservation.wei).toBe(cost)
    expect(await spent(database.db, 'player', player.address.toLowerCase(), NOW)).toEqual({ wei: cost, requests: 1 })
  })

  it('refuses at the first check that fails, and reserves nothing', async () => {
    const transfer = encodeFunctionData({
      abi: chainellationAbi,
      functionName: 'transferFrom',
      args: [player.address, relayer.address, 1n],
    })
    const gaze = encodeFunctionData({ abi: chainellationAbi, functionName: 'starGaze', args: [1n] })
    const poor = privateKeyToAccount(generatePrivateKey()).address
    const cases: [Promise<unknown>, string][] = [
      [prepareRelay(options(), await signed(transfer), spender, NOW), 'not-playable'],
      [prepareRelay(options({ relayer: poor }), await signed(mint), spender, NOW), 'paused'],
      [prepareRelay(options(), await signed(mint, 1n), spender, NOW), 'signature'],
      [prepareRelay(options(), await signed(gaze), spender, NOW), 'reverted'],
      [
        prepareRelay(options({ budgets: { ...budgets, playerWei: 1_000n } }), await signed(mint), spender, NOW),
        'budget',
      ],
    ]
    for (const [result, code] of cases) expect(await result, code).toMatchObject({ code })
    await nothingReserved()
  })
})
