// Measures the indexer at the collection's full size: seeds a local chain with 15,000 skies, 50,000 gazes, 2,000
// transfers and 3,000 layer changes, then times a fresh index to ready on PGlite, its memory, and the read routes'
// latency under 20 concurrent clients. `npm run scale -w indexer`; prints JSON.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chainellationAbi, decorationsAbi, getDeployment } from '@chainellation/contracts'
import { startAnvil } from '@chainellation/contracts/anvil'
import { ANVIL_MNEMONIC, deployAll } from '@chainellation/contracts/deploy'
import { descendants } from '@chainellation/scripts/processes'
import { createTestClient, encodeFunctionData, type Hex, http, numberToHex, publicActions } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { startIndexer } from '../test/ponder-process.ts'

const SKIES = 15_000
const GAZES = 50_000
const TRANSFERS = 2_000
const LAYER_CHANGES = 3_000
const MIDNIGHT = 1_799_971_200
const players = [1, 2, 3, 4].map((i) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).address)
const recipient = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 5 }).address

const anvil = await startAnvil({ timestamp: MIDNIGHT })
const dataDir = mkdtempSync(join(tmpdir(), 'chainellation-scale-'))
try {
  await deployAll({ rpcUrl: anvil.rpcUrl, writeBindings: false })
  const contracts = getDeployment(31337)?.contracts
  if (!contracts) throw new Error('no local deployment recorded')
  const client = createTestClient({
    mode: 'anvil',
    chain: foundry,
    transport: http(anvil.rpcUrl, { batch: true }),
  }).extend(publicActions)
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
  await client.setAutomine(false)
  await client.request({ method: 'evm_setBlockGasLimit', params: [numberToHex(2_000_000_000n)] } as never)

  const seeded = performance.now()
  const owner = (skyId: number) => players[(skyId - 1) % players.length] as Hex
  for (let id = 1; id <= SKIES; id++) {
    await send(
      owner(id),
      contracts.Chainellation,
      encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] }),
      120_000n,
    )
  }
  await flush()
  // Every sky is over UTC, at night at midnight and a day later; four nights of batch gazes make 50,000 gazes.
  let gazes = 0
  while (gazes < GAZES) {
    for (const [p, from] of players.entries()) {
      const mine = Array.from({ length: SKIES / players.length }, (_, i) => BigInt(i * players.length + p + 1))
      for (let i = 0; i < mine.length && gazes < GAZES; i += 100) {
        const batch = mine.slice(i, Math.min(i + 100, i + GAZES - gazes))
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
  for (let id = 1; id <= LAYER_CHANGES; id++) {
    const args = [BigInt(id), [{ layer: 1, decorationId: 1, tokenId: 0n }]] as const
    await send(
      owner(id),
      contracts.Decorations,
      encodeFunctionData({ abi: decorationsAbi, functionName: 'setLayers', args }),
      200_000n,
    )
  }
  for (let id = SKIES; id > SKIES - TRANSFERS; id--) {
    const args = [owner(id), recipient, BigInt(id)] as const
    await send(
      owner(id),
      contracts.Chainellation,
      encodeFunctionData({ abi: chainellationAbi, functionName: 'transferFrom', args }),
      120_000n,
    )
  }
  await flush()
  await client.setAutomine(true)
  const seedSeconds = (performance.now() - seeded) / 1000
  const supply = await client.readContract({
    address: contracts.Chainellation,
    abi: chainellationAbi,
    functionName: 'totalSupply',
  })

  const started = performance.now()
  const indexer = await startIndexer(anvil.rpcUrl, dataDir)
  const readySeconds = (performance.now() - started) / 1000
  // Ready means the backfill reached the finalized block; the last 30 blocks (thousands of events each, here) follow.
  await indexer.caughtUp(await client.getBlockNumber(), 600_000)
  const indexSeconds = (performance.now() - started) / 1000
  try {
    const rssMb = () => {
      const pids = [indexer.pid, ...descendants(indexer.pid)]
      return pids.reduce((sum, pid) => {
        const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
        return sum + Number(line?.[1] ?? 0) / 1024
      }, 0)
    }
    const p95 = async (paths: string[], clients = 20) => {
      const times: number[] = []
      let next = 0
      const worker = async () => {
        for (let i = next++; i < paths.length; i = next++) {
          const t = performance.now()
          const { status } = await indexer.get(paths[i] as string)
          if (status !== 200) throw new Error(`${paths[i]} answered ${status}`)
          times.push(performance.now() - t)
        }
      }
      await Promise.all(Array.from({ length: clients }, worker))
      times.sort((a, b) => a - b)
      return Math.round(times[Math.floor(times.length * 0.95)] ?? 0)
    }
    const pages = (make: (i: number) => string) => Array.from({ length: 400 }, (_, i) => make(i))
    const indexed = (await indexer.get<{ skies: { id: number }[] }>('/skies?limit=1')).body.skies[0]?.id
    const figures = {
      skies: Number(supply),
      indexed,
      gazes,
      seedSeconds: Math.round(seedSeconds),
      readySeconds: Math.round(readySeconds * 10) / 10,
      indexSeconds: Math.round(indexSeconds * 10) / 10,
      indexerRssMb: Math.round(rssMb()),
      galleryP95Ms: await p95(pages((i) => `/skies?page=${1 + (i % 50)}`)),
      filterP95Ms: await p95(
        pages(
          (i) =>
            [
              '/skies?completed=false&sort=gazes',
              '/skies?night=true&decorated=true',
              `/skies?owner=${players[i % 4]}&sort=recent`,
            ][i % 3] ?? '',
        ),
      ),
      galleryOneClientP95Ms: await p95(
        pages((i) => `/skies?page=${1 + (i % 50)}`),
        1,
      ),
      filterOneClientP95Ms: await p95(
        pages(
          (i) =>
            [
              '/skies?completed=false&sort=gazes',
              '/skies?night=true&decorated=true',
              `/skies?owner=${players[i % 4]}&sort=recent`,
            ][i % 3] ?? '',
        ),
        1,
      ),
      activityP95Ms: await p95(pages((i) => (i % 2 ? '/activity' : `/activity?skyId=${1 + i}`))),
    }
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`)
  } finally {
    await indexer.stop()
  }
} finally {
  await anvil.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
