import { chainellationAbi } from '@chainellation/contracts'
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import {
  type Address,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  encodeErrorResult,
  encodeFunctionData,
  http,
  parseAbi,
} from 'viem'
import { getTransactionCount, waitForTransactionReceipt } from 'viem/actions'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Config, createConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { mock } from 'wagmi/connectors'
import { returningCode, revertingCode } from '../testing/evm-code'
import { nodesClosedAfterEach, result, rpcError } from '../testing/json-rpc-node'
import { ALICE, BOB, localTestChain } from '../testing/local-chain'
import { memoryStorage } from '../testing/memory-storage'
import { pendingKey, readPending, savePending } from './pending-write'
import { RelayRefusal, type Sponsor } from './sponsored-write'
import type { Call } from './write-call'
import type { WriteMachineOptions } from './write-context'
import { createWriteMachine } from './write-machine'
import type { RecentTransaction, WriteState, WriteUpdate } from './write-state'

// The write machine against a real node (anvil) through a real wagmi config: wagmi's mock connector asks the
// node to sign for anvil's unlocked accounts, as a wallet would.

const TARGET: Address = '0x00000000000000000000000000000000000c0de2'
const abi = parseAbi(['function mint() payable returns (uint256)', 'function poke() nonpayable'])

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(() => anvil?.stop())

const testClient = () =>
  createTestClient({ chain: localTestChain(anvil.rpcUrl), transport: http(anvil.rpcUrl), mode: 'anvil' })
beforeEach(async () => {
  await testClient().setAutomine(true)
  await testClient().setCode({
    address: TARGET,
    bytecode: returningCode(encodeAbiParameters([{ type: 'uint' }], [7n])),
  })
})

/** A wagmi config on the node at `url`, connected with `accounts` (the first is the wallet's account). */
async function connected(url: string, accounts: readonly [Address, ...Address[]] = [ALICE]): Promise<Config> {
  const chain = localTestChain(url)
  const config = createConfig({
    chains: [chain],
    connectors: [mock({ accounts })],
    transports: { [chain.id]: http(url) },
    pollingInterval: 50,
  })
  await connect(config, { connector: walletOf(config) })
  return config
}

/** The config's one connector: the mock wallet. */
function walletOf(config: Config) {
  const [wallet] = config.connectors
  if (!wallet) throw new Error('The config has no wallet.')
  return wallet
}

/** The player switches the wallet to `account`, as a wallet's accountsChanged event tells wagmi. */
const switchAccount = (config: Config, account: Address) =>
  walletOf(config).emitter.emit('change', { accounts: [account] })

/** A machine for `config`, with every state it showed and everything it recorded. */
function machineFor(config: Config, options: Partial<WriteMachineOptions> = {}) {
  const recorded: RecentTransaction[] = []
  const states: WriteState['status'][] = []
  let refreshes = 0
  const storage = options.storage ?? memoryStorage()
  const machine = createWriteMachine({
    config,
    storage,
    record: (tx) => recorded.push(tx),
    refresh: async () => {
      refreshes++
    },
    ...options,
  })
  const unsubscribe = machine.subscribe(() => {
    const { status } = machine.getState()
    if (states.at(-1) !== status) states.push(status)
  })
  return { machine, recorded, states, storage, refreshes: () => refreshes, unsubscribe }
}

/** Resolves once `machine`'s state is `status`. */
const until = (machine: ReturnType<typeof createWriteMachine>, status: WriteState['status']) =>
  new Promise<WriteState>((resolve) => {
    const check = () => {
      const state = machine.getState()
      if (state.status !== status) return
      unsubscribe()
      resolve(state)
    }
    const unsubscribe = machine.subscribe(check)
    check()
  })

describe('createWriteMachine', () => {
  it('simulates, sends, records and follows a write to its receipt, then refreshes', async () => {
    const { machine, recorded, states, refreshes } = machineFor(await connected(anvil.rpcUrl))
    const receipt = await machine.write(
      { address: TARGET, abi, functionName: 'mint', value: 1n },
      (id) => `Mint #${id}`,
    )
    expect(receipt?.status).toBe('success')
    expect(states).toEqual(['confirming', 'pending', 'success'])
    // The simulated return value names the write in the recent transactions.
    expect(recorded).toEqual([{ hash: receipt?.transactionHash, description: 'Mint #7' }])
    expect(refreshes()).toBe(1)
    expect(machine.getState()).toMatchObject({ status: 'success', hash: receipt?.transactionHash })
  })

  it('tells every state of a write, under one key and with its line once known, for its notification', async () => {
    const updates: WriteUpdate[] = []
    const { machine } = machineFor(await connected(anvil.rpcUrl), { onUpdate: (u) => updates.push(u) })
    const receipt = await machine.write(
      { address: TARGET, abi, functionName: 'mint', value: 1n },
      (id) => `Mint #${id}`,
    )
    expect(updates.map((u) => [u.state.status, u.description])).toEqual([
      ['confirming', undefined],
      ['pending', 'Mint #7'],
      ['success', 'Mint #7'],
    ])
    expect(new Set(updates.map((u) => u.key)).size).toBe(1)
    expect(updates.every((u) => u.chainId === 31_337)).toBe(true)
    expect(updates.at(-1)?.state).toMatchObject({ hash: receipt?.transactionHash })
  })

  it('turns a revert into a sentence before the wallet is asked', async () => {
    const config = await connected(anvil.rpcUrl)
    const data = encodeErrorResult({ abi: chainellationAbi, errorName: 'ChainellationNotNight', args: [1n, 43_200n] })
    await testClient().setCode({ address: TARGET, bytecode: revertingCode(data) })
    const { machine, recorded } = machineFor(config)
    const nonce = await getTransactionCount(testClient(), { address: ALICE })

    const sent = await machine.write(
      { address: TARGET, abi: chainellationAbi, functionName: 'starGaze', args: [1n] },
      'Stargaze',
    )
    expect(sent).toBeUndefined()
    expect(machine.getState()).toEqual({ status: 'error', message: 'It is not night over this sky yet.' })
    expect(recorded).toEqual([])
    expect(await getTransactionCount(testClient(), { address: ALICE })).toBe(nonce)
  })

  const startNode = nodesClosedAfterEach()

  it('returns to idle, without an error, when the player rejects the request in the wallet', async () => {
    const node = await startNode((res, body, req) => {
      if (body.method === 'eth_sendTransaction') return rpcError(4001)(res, body, req)
      if (body.method === 'eth_chainId') return result('0x7a69')(res, body, req)
      if (body.method === 'eth_call') return result('0x')(res, body, req)
      return rpcError(-32601)(res, body, req)
    })
    const { machine, states } = machineFor(await connected(node.url))
    expect(await machine.write({ address: TARGET, abi, functionName: 'poke' }, 'Poke')).toBeUndefined()
    expect(states).toEqual(['confirming', 'idle'])
  })

  it('keeps a pending write of a named kind, and follows it again in a new machine after a reload', async () => {
    const config = await connected(anvil.rpcUrl)
    await testClient().setAutomine(false)
    const first = machineFor(config, { resumeKey: 'poke' })
    const key = pendingKey('poke', 31_337, ALICE)
    void first.machine.write({ address: TARGET, abi, functionName: 'poke' }, 'Poke')
    const { hash } = (await until(first.machine, 'pending')) as { hash: `0x${string}` }
    expect(readPending(first.storage, key)).toMatchObject({ hash, description: 'Poke' })

    // The page reloads: the first machine is gone, its storage stays.
    first.unsubscribe()
    const second = machineFor(config, { resumeKey: 'poke', storage: first.storage })
    expect(second.machine.getState()).toEqual({ status: 'pending', hash })
    await testClient().mine({ blocks: 1 })
    expect(await until(second.machine, 'success')).toMatchObject({ hash })
    expect(readPending(second.storage, key)).toBeUndefined()
  })

  it('resumes nothing unreadable, and nothing of another kind', async () => {
    const config = await connected(anvil.rpcUrl)
    const storage = memoryStorage()
    storage.setItem(pendingKey('poke', 31_337, ALICE), '{"hash":"not a hash"}')
    const hash = `0x${'ab'.repeat(32)}` as const
    savePending(storage, pendingKey('mint', 31_337, ALICE), { hash })
    const { machine } = machineFor(config, { resumeKey: 'poke', storage })
    expect(machine.getState()).toEqual({ status: 'idle' })
  })

  it('shows each account its own state, and stops waiting for a write when the wallet switches away', async () => {
    const config = await connected(anvil.rpcUrl, [ALICE, BOB])
    await testClient().setAutomine(false)
    const { machine } = machineFor(config)
    const written = machine.write({ address: TARGET, abi, functionName: 'poke' }, 'Poke')
    const { hash } = (await until(machine, 'pending')) as { hash: `0x${string}` }

    // The wallet moves to Bob: Alice's write no longer holds the page, and Bob has none.
    switchAccount(config, BOB)
    expect(await written).toBeUndefined()
    expect(machine.getState()).toEqual({ status: 'idle' })

    // Alice's write is still followed to its end, and shows once her account is back.
    await testClient().mine({ blocks: 1 })
    await waitForTransactionReceipt(testClient(), { hash, pollingInterval: 50 })
    expect(machine.getState()).toEqual({ status: 'idle' })
    switchAccount(config, ALICE)
    expect(await until(machine, 'success')).toMatchObject({ hash })
  })

  it('sends nothing when the wallet has no account', async () => {
    const chain = localTestChain(anvil.rpcUrl)
    const config = createConfig({ chains: [chain], transports: { [chain.id]: http(anvil.rpcUrl) } })
    const { machine, states } = machineFor(config)
    expect(await machine.write({ address: TARGET, abi, functionName: 'poke' }, 'Poke')).toBeUndefined()
    expect(states).toEqual([])
  })

  describe('calls sent as one batch (EIP-5792)', () => {
    it('sends them with one wallet_sendCalls and follows the batch by its status to its receipt', async () => {
      const { machine, recorded, states, refreshes } = machineFor(await connected(anvil.rpcUrl))
      const receipt = await machine.writeBatch(
        [
          { address: TARGET, abi, functionName: 'mint', value: 1n },
          { address: TARGET, abi, functionName: 'poke' },
        ],
        'Mint and poke',
      )
      expect(receipt?.status).toBe('success')
      expect(states).toEqual(['confirming', 'pending', 'success'])
      // The transaction the wallet's status names joins the recent transactions once known.
      expect(recorded).toEqual([{ hash: receipt?.transactionHash, description: 'Mint and poke' }])
      expect(refreshes()).toBe(1)
    })

    it('keeps a batch by its id across a reload, and follows it again until its transaction is mined', async () => {
      const config = await connected(anvil.rpcUrl)
      await testClient().setAutomine(false)
      const first = machineFor(config, { resumeKey: 'both' })
      const key = pendingKey('both', 31_337, ALICE)
      void first.machine.writeBatch([{ address: TARGET, abi, functionName: 'poke' }], 'Poke twice')
      await expect.poll(() => readPending(first.storage, key)).toMatchObject({ description: 'Poke twice' })
      const pending = readPending(first.storage, key)
      expect(pending?.calls).toMatch(/^0x[0-9a-f]{64}$/)
      expect(pending?.hash).toBeUndefined()

      first.unsubscribe()
      const second = machineFor(config, { resumeKey: 'both', storage: first.storage })
      expect(second.machine.getState()).toEqual({ status: 'confirming' })
      await testClient().mine({ blocks: 1 })
      const done = await until(second.machine, 'success')
      expect(second.recorded).toEqual([{ hash: (done as { hash: string }).hash, description: 'Poke twice' }])
      expect(readPending(second.storage, key)).toBeUndefined()
    })

    it('says a revert of any of the calls in words before the wallet is asked', async () => {
      const config = await connected(anvil.rpcUrl)
      const data = encodeErrorResult({ abi: chainellationAbi, errorName: 'ChainellationNotNight', args: [1n, 43_200n] })
      const REVERTING: Address = '0x00000000000000000000000000000000000c0de3'
      await testClient().setCode({ address: REVERTING, bytecode: revertingCode(data) })
      const { machine, recorded } = machineFor(config)
      const nonce = await getTransactionCount(testClient(), { address: ALICE })
      const sent = await machine.writeBatch(
        [
          { address: TARGET, abi, functionName: 'poke' },
          { address: REVERTING, abi: chainellationAbi, functionName: 'starGaze', args: [1n] },
        ],
        'Poke and gaze',
      )
      expect(sent).toBeUndefined()
      expect(machine.getState()).toEqual({ status: 'error', message: 'It is not night over this sky yet.' })
      expect(recorded).toEqual([])
      expect(await getTransactionCount(testClient(), { address: ALICE })).toBe(nonce)
    })
  })

  describe('when the game pays the gas', () => {
    /**
     * A stand-in for the game's relayer (sponsor.ts and the API's, tested on their own): it sends the call from
     * Bob's account, as the relayer sends a request from its own, and records what it was asked.
     */
    function relayedBy(relayer: Address, answer: 'send' | 'refuse' = 'send') {
      const asked: Call[] = []
      const sponsor: Sponsor = {
        covers: async () => true,
        send: async (_owner, call) => {
          asked.push(call)
          if (answer === 'refuse')
            throw new RelayRefusal('You have used the gas the game pays for you today; pay it yourself.', 'budget')
          const wallet = createWalletClient({ chain: localTestChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) })
          const data = encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args })
          return wallet.sendTransaction({ account: relayer, to: call.address, data })
        },
      }
      return { sponsor, asked }
    }

    it('sends the write through the sponsor and follows its transaction as any other', async () => {
      const { sponsor, asked } = relayedBy(BOB)
      const config = await connected(anvil.rpcUrl)
      const { machine, recorded, states } = machineFor(config, { sponsor, resumeKey: 'poke' })
      const before = await getTransactionCount(testClient(), { address: ALICE })
      const receipt = await machine.write({ address: TARGET, abi, functionName: 'poke' }, 'Poke')
      expect(receipt?.status).toBe('success')
      expect(receipt?.from.toLowerCase()).toBe(BOB.toLowerCase())
      expect(asked).toMatchObject([{ address: TARGET, functionName: 'poke' }])
      expect(states).toEqual(['confirming', 'pending', 'success'])
      expect(recorded).toEqual([{ hash: receipt?.transactionHash, description: 'Poke' }])
      // The player's wallet sent nothing: its account's nonce is where it was.
      expect(await getTransactionCount(testClient(), { address: ALICE })).toBe(before)
    })

    it('shows a refusal as its sentence, and pays the gas from the wallet when the player asks', async () => {
      const { sponsor, asked } = relayedBy(BOB, 'refuse')
      const { machine, states } = machineFor(await connected(anvil.rpcUrl), { sponsor })
      expect(await machine.write({ address: TARGET, abi, functionName: 'poke' }, 'Poke')).toBeUndefined()
      expect(machine.getState()).toEqual({
        status: 'error',
        message: 'You have used the gas the game pays for you today; pay it yourself.',
        payGas: true,
      })
      const receipt = await machine.payGas()
      expect(receipt?.status).toBe('success')
      expect(receipt?.from.toLowerCase()).toBe(ALICE.toLowerCase())
      // Asked once: paying the gas yourself does not go back to the relayer.
      expect(asked).toHaveLength(1)
      expect(states).toEqual(['confirming', 'error', 'confirming', 'pending', 'success'])
      // Nothing is left to pay for.
      expect(await machine.payGas()).toBeUndefined()
    })

    it('sends from the wallet a write the sponsor does not cover', async () => {
      const sponsor: Sponsor = {
        covers: async () => false,
        send: () => Promise.reject(new Error('not covered, so never sent through the relayer')),
      }
      const { machine } = machineFor(await connected(anvil.rpcUrl), { sponsor })
      const receipt = await machine.write({ address: TARGET, abi, functionName: 'mint', value: 1n }, 'Mint')
      expect(receipt?.from.toLowerCase()).toBe(ALICE.toLowerCase())
    })
  })
})
