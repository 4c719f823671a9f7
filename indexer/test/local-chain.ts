// A test file's local chain: anvil from a fixed midnight with the game deployed as it is recorded, three funded
// players, and the indexer following the chain (`ponder start`, with a folder of its own).

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chainellationAbi, decorationsAbi, decorationTokenAbi, getDeployment } from '@chainellation/contracts'
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import { ANVIL_MNEMONIC, deployAll } from '@chainellation/contracts/deploy'
import { createTestClient, getContract, type Hash, http, publicActions, walletActions } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect } from 'vitest'
import { type Indexer, startIndexer } from './ponder-process.ts'

// Midnight UTC: skies over UTC and nearby zones are at night, and stay so one day later.
const MIDNIGHT = 1_799_971_200
const DAY = 86_400

function playerFor(rpcUrl: string, index: number) {
  const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index })
  const client = createTestClient({
    mode: 'anvil',
    chain: foundry,
    transport: http(rpcUrl),
    account,
    pollingInterval: 50,
  })
    .extend(publicActions)
    .extend(walletActions)
  const contracts = getDeployment(31337)?.contracts
  if (!contracts) throw new Error('no local deployment recorded')
  return {
    account,
    client,
    sky: getContract({ address: contracts.Chainellation, abi: chainellationAbi, client }),
    decorations: getContract({ address: contracts.Decorations, abi: decorationsAbi, client }),
    comet: getContract({ address: contracts.Comet, abi: decorationTokenAbi, client }),
    /** Sends a write and waits for it to succeed. */
    tx: async (hash: Promise<Hash>) => {
      const receipt = await client.waitForTransactionReceipt({ hash: await hash })
      expect(receipt.status).toBe('success')
    },
  }
}

/** One funded account with the game's contracts bound to it. */
export type Player = ReturnType<typeof playerFor>

export type LocalChain = {
  anvil: Anvil
  /** The running indexer; a test that restarts it puts the new one here. */
  indexer: Indexer
  /** The indexer's folder, kept across a restart. */
  dataDir: string
  /** Anvil's accounts 1, 2 and 3. */
  players: [Player, Player, Player]
  /** The first of them. */
  player: Player
  /** Moves the chain a day on and mines a block. */
  nextDay: () => Promise<void>
  /** Resolves once the indexer has indexed the chain's latest block. */
  synced: () => Promise<void>
}

/**
 * Registers the hooks of a test file: the chain and the indexer start before its first test and stop after its last.
 * The returned object is filled in before the first test.
 */
export function useLocalChain(): LocalChain {
  const chain = {} as LocalChain
  beforeAll(async () => {
    chain.anvil = await startAnvil({ timestamp: MIDNIGHT })
    const deployment = await deployAll({ rpcUrl: chain.anvil.rpcUrl, writeBindings: false })
    // The indexer reads its addresses from the recorded deployment, which a fresh local chain reproduces.
    expect(deployment.contracts).toEqual(getDeployment(31337)?.contracts)
    const rpcUrl = chain.anvil.rpcUrl
    chain.players = [playerFor(rpcUrl, 1), playerFor(rpcUrl, 2), playerFor(rpcUrl, 3)]
    chain.player = chain.players[0]
    chain.nextDay = async () => {
      await chain.player.client.increaseTime({ seconds: DAY })
      await chain.player.client.mine({ blocks: 1 })
    }
    // Uncached: viem keeps a block number for the client's polling interval, and the receipt of the last write may
    // have been found at the number read just before that write was mined.
    chain.synced = async () => chain.indexer.caughtUp(await chain.player.client.getBlockNumber({ cacheTime: 0 }))
    chain.dataDir = mkdtempSync(join(tmpdir(), 'chainellation-indexer-'))
    chain.indexer = await startIndexer(rpcUrl, chain.dataDir)
  })
  afterAll(async () => {
    await chain.indexer?.stop()
    await chain.anvil?.stop()
    if (chain.dataDir) rmSync(chain.dataDir, { recursive: true, force: true })
  })
  return chain
}
