// Seeds a local chain with the collection, for `npm run scale -w @chainellation/bench` and `npm run bench`: at its full size
// 15,000 skies, 50,000 gazes, 3,000 layer changes and 2,000 transfers, 500 transactions a block; at any other size
// the same in proportion (`collectionOf`).

import { chainellationAbi, decorationsAbi } from '@chainellation/contracts'
import { ANVIL_MNEMONIC } from '@chainellation/contracts/deploy'
import { createTestClient, encodeFunctionData, type Hex, http, numberToHex, publicActions } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'

export const SKIES = 15_000
export const GAZES = 50_000
export const TRANSFERS = 2_000
export const LAYER_CHANGES = 3_000
/** Ponder's finality depth on a local chain: the blocks it keeps unfinalized, ready to roll back. */
export const FINALITY_BLOCKS = 30
/** A collection to seed: its skies, and the gazes, layer changes and transfers among them. */
export type Collection = { skies: number; gazes: number; transfers: number; layerChanges: number }

/** A collection of `skies` with gazes, layer changes and transfers in the full-size collection's proportions. */
export function collectionOf(skies: number): Collection {
  const share = (count: number) => Math.round((count * skies) / SKIES)
  return { skies, gazes: share(GAZES), transfers: share(TRANSFERS), layerChanges: share(LAYER_CHANGES) }
}

/** The genesis time the chain must start at (`startAnvil({ timestamp })`): midnight UTC, night over every sky. */
export const MIDNIGHT = 1_799_971_200

/** The four accounts that mint and gaze, round robin by sky id, and the one that receives the transfers. */
export const players = [1, 2, 3, 4].map((i) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).address)
export const recipient = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 5 }).address

export type Seeded = { skies: number; gazes: number; seedSeconds: number; block: bigint }

/**
 * Seeds the chain at `rpcUrl` (anvil, started at {@link MIDNIGHT}, with the game deployed at `contracts`) with
 * `collection`; raises the collection's cap first when it holds more skies than the deployment's.
 */
export async function seedCollection(
  rpcUrl: string,
  contracts: { Chainellation: Hex; Decorations: Hex },
  { skies, gazes: totalGazes, transfers, layerChanges }: Collection = collectionOf(SKIES),
) {
  // A hundred requests to a batch: 500 batch gazes in one (3 MB of JSON) is more than anvil takes. Two minutes a
  // request rather than viem's ten seconds: on a slower machine anvil took longer to mine the last 30 blocks over
  // 150,000 skies.
  const transport = http(rpcUrl, { batch: { batchSize: 100 }, timeout: 120_000 })
  const client = createTestClient({ mode: 'anvil', chain: foundry, transport }).extend(publicActions)
  const nonces = new Map<string, number>()
  for (const from of [...players]) nonces.set(from, await client.getTransactionCount({ address: from }))
  let pending: Promise<unknown>[] = []
  // Anvil signs for its own accounts; one block takes every queued transaction.
  const send = async (from: Hex, to: Hex, data: Hex, gas: bigint) => {
    const nonce = nonces.get(from) ?? 0
    nonces.set(from, nonce + 1)
    pending.push(
      client.request({
        method: 'eth_sendTransaction',
        params: [{ from, to, data, gas: numberToHex(gas), nonce: numberToHex(nonce) }],
      } as never),
    )
    if (pending.length >= 500) await flush()
  }
  const flush = async () => {
    await Promise.all(pending)
    pending = []
    await client.mine({ blocks: 1 })
  }
  const read = { address: contracts.Chainellation, abi: chainellationAbi } as const
  if ((await client.readContract({ ...read, functionName: 'maxSupply' })) < BigInt(skies)) {
    const owner = await client.readContract({ ...read, functionName: 'owner' })
    const data = encodeFunctionData({ abi: chainellationAbi, functionName: 'setMaxSupply', args: [BigInt(skies)] })
    const hash = await client.request({
      method: 'eth_sendTransaction',
      params: [{ from: owner, to: read.address, data }],
    } as never)
    await client.waitForTransactionReceipt({ hash: hash as Hex })
  }
  await client.setAutomine(false)
  await client.request({ method: 'evm_setBlockGasLimit', params: [numberToHex(2_000_000_000n)] } as never)

  const seeded = performance.now()
  const owner = (skyId: number) => players[(skyId - 1) % players.length] as Hex
  for (let id = 1; id <= skies; id++) {
    await send(
      owner(id),
      contracts.Chainellation,
      encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] }),
      120_000n,
    )
  }
  await flush()
  // Every sky is over UTC, at night at midnight and a day later: a night of batch gazes is a gaze at every sky.
  let gazes = 0
  while (gazes < totalGazes) {
    for (const [p, from] of players.entries()) {
      const mine = Array.from({ length: Math.ceil((skies - p) / players.length) }, (_, i) =>
        BigInt(i * players.length + p + 1),
      )
      for (let i = 0; i < mine.length && gazes < totalGazes; i += 100) {
        const batch = mine.slice(i, Math.min(i + 100, i + totalGazes - gazes))
        gazes += batch.length
        await send(
          from,
          contracts.Chainellation,
          encodeFunctionData({ abi: chainellationAbi, functionName: 'starGazeMany', args: [batch] }),
          3_000_000n,
        )
      }
    }
    await flush()
    await client.increaseTime({ seconds: 86_400 })
  }
  for (let id = 1; id <= layerChanges; id++) {
    const args = [BigInt(id), [{ layer: 1, decorationId: 1, tokenId: 0n }]] as const
    await send(
      owner(id),
      contracts.Decorations,
      encodeFunctionData({ abi: decorationsAbi, functionName: 'setLayers', args }),
      200_000n,
    )
  }
  for (let id = skies; id > skies - transfers; id--) {
    const args = [owner(id), recipient, BigInt(id)] as const
    await send(
      owner(id),
      contracts.Chainellation,
      encodeFunctionData({ abi: chainellationAbi, functionName: 'transferFrom', args }),
      120_000n,
    )
  }
  await flush()
  // A live chain's newest blocks hold a few of the game's events, not the bulk of its history in 500-transaction
  // blocks. Buried under Ponder's finality depth on a local chain (30 blocks), the history is backfilled, as it would
  // be on Sepolia, instead of held in memory as unfinalized blocks (docs/decisions/indexer.md, Memory).
  await client.mine({ blocks: FINALITY_BLOCKS })
  await client.setAutomine(true)
  const supply = await client.readContract({
    address: contracts.Chainellation,
    abi: chainellationAbi,
    functionName: 'totalSupply',
  })
  return {
    skies: Number(supply),
    gazes,
    seedSeconds: (performance.now() - seeded) / 1000,
    block: await client.getBlockNumber(),
  } satisfies Seeded
}

/** The gallery's reads as the benches ask them, over 50 pages, 3 filters, the feed and 1,000 skies' histories. */
export const READS = {
  gallery: (i: number) => `/skies?page=${1 + (i % 50)}`,
  filter: (i: number) =>
    [
      '/skies?completed=false&sort=gazes',
      '/skies?night=true&decorated=true',
      `/skies?owner=${players[i % players.length]}&sort=recent`,
    ][i % 3] as string,
  activity: (i: number) => (i % 2 ? '/activity' : `/activity?skyId=${1 + i}`),
}
