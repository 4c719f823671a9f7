import { requestGas } from '@chainellation/contracts'
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import { type Address, createTestClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { mock } from 'wagmi/connectors'
import { returningCode } from '../testing/evm-code'
import { ALICE, localTestChain } from '../testing/local-chain'
import { gasReason, isContractAccount, type RelayTerms } from './sponsor'

// Whether the game pays an account's gas, read from a real node (anvil): the account's code decides whether it can
// sign a request as an ordinary account does.

const FORWARDER: Address = '0x00000000000000000000000000000000000f0a2d'
const CONTRACT: Address = '0x00000000000000000000000000000000000c0de3'
const DELEGATED: Address = '0x0000000000000000000000000000000000007702'

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil()
  const test = createTestClient({ chain: localTestChain(anvil.rpcUrl), transport: http(anvil.rpcUrl), mode: 'anvil' })
  await test.setCode({ address: CONTRACT, bytecode: returningCode('0x01') })
  // An EIP-7702 delegation: 0xef0100 and the address of the code the account runs.
  await test.setCode({ address: DELEGATED, bytecode: `0xef0100${CONTRACT.slice(2)}` })
})
afterAll(() => anvil?.stop())

async function connectedConfig() {
  const chain = localTestChain(anvil.rpcUrl)
  const config = createConfig({
    chains: [chain],
    connectors: [mock({ accounts: [ALICE] })],
    transports: { [chain.id]: http(anvil.rpcUrl) },
  })
  const [wallet] = config.connectors
  if (wallet) await connect(config, { connector: wallet })
  return config
}

/** Why the wallet pays for `address` (undefined where the game does), its kind read from the node. */
async function ownGasReason(
  config: Awaited<ReturnType<typeof connectedConfig>>,
  terms: RelayTerms,
  { address, chainId, choosesOwnGas }: { address: Address; chainId: number; choosesOwnGas: boolean },
) {
  return gasReason(terms, { chainId, contract: await isContractAccount(config, { address, chainId }), choosesOwnGas })
}

const on: RelayTerms = { on: true, paused: false, chainId: 31_337, forwarder: FORWARDER, gasCap: 300_000 }

describe('isContractAccount and gasReason', () => {
  it('lets the game pay for an ordinary account, and for one delegated by EIP-7702', async () => {
    const config = await connectedConfig()
    const ask = (address: Address) => ownGasReason(config, on, { address, chainId: 31_337, choosesOwnGas: false })
    expect(await ask(ALICE)).toBeUndefined()
    expect(await ask(DELEGATED)).toBeUndefined()
  })

  it('has a contract account pay its own gas, whatever the player chose', async () => {
    const config = await connectedConfig()
    for (const choosesOwnGas of [false, true])
      expect(await ownGasReason(config, on, { address: CONTRACT, chainId: 31_337, choosesOwnGas })).toBe('contract')
  })

  it('says why the wallet pays: the player’s choice, the relayer’s pause, or no relayer on this chain', async () => {
    const config = await connectedConfig()
    const player = { address: ALICE, chainId: 31_337, choosesOwnGas: false }
    expect(await ownGasReason(config, on, { ...player, choosesOwnGas: true })).toBe('chosen')
    expect(await ownGasReason(config, { ...on, paused: true }, player)).toBe('paused')
    expect(await ownGasReason(config, { on: false }, player)).toBe('off')
    expect(await ownGasReason(config, { ...on, chainId: 11_155_111 }, player)).toBe('off')
  })
})

describe('requestGas', () => {
  it('asks for the estimate with a margin, within the cap less what the call’s calldata costs', () => {
    // 4 bytes of selector (16 gas each) and a word of 31 zero bytes (4 each) and one non-zero byte.
    const data = `0x12345678${'00'.repeat(31)}07` as const
    expect(requestGas(100_000n, 300_000, data)).toBe(130_000n)
    expect(requestGas(250_000n, 300_000, data)).toBe(300_000n - (5n * 16n + 31n * 4n))
  })
})
