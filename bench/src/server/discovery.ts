// `npm run discovery -w @chainellation/bench`: the gallery's index at the collection's full size, beside reading the chain.
// Seeds a local chain with 15,000 skies, 50,000 gazes, 2,000 transfers and 3,000 layer changes; answers one filter by
// reading every sky from the chain (the baseline); indexes it from a fresh start on PGlite, then on Postgres; and
// times the gallery, filtered and activity reads through the app's API under 20 concurrent clients, while a sky is
// minted every two seconds (so answers the API keeps are dropped as blocks come, as on a live chain). Everything
// listens on 127.0.0.1. Writes bench/reports/discovery.json for `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chainellationAbi, getDeployment, MULTICALL3_ADDRESS } from '@chainellation/contracts'
import { startAnvil } from '@chainellation/contracts/anvil'
import { constellations } from '@chainellation/contracts/catalogue'
import { deployAll } from '@chainellation/contracts/deploy'
import { type Indexer, startIndexer } from '@chainellation/indexer/process'
import { MIDNIGHT, seedCollection } from '@chainellation/indexer/seed'
import { createPostgresCluster } from '@chainellation/scripts/postgres'
import { createPublicClient, getAbiItem, type Hex, http } from 'viem'
import { foundry } from 'viem/chains'
import { writeReport } from '../reports'
import type { DiscoveryReport as DiscoveryFigures, QueryFigures } from '../results/report-types'
import {
  BLOCK_EVERY_MS,
  CLIENTS,
  databaseOpenedAt,
  discoveryBase,
  keepMinting,
  memoryWatch,
  queries,
  REQUESTS,
  round,
  startApi,
  WARMUP_READS_PER_CLIENT,
} from './discovery-tools'

export type DiscoveryReport = DiscoveryFigures & {
  /** Cores, and the load average (1, 5, 15 min) at the start and the end: above the cores, other work shared them. */
  machine: { cpus: number; loadAverage: number[]; loadAverageAtEnd: number[] }
  gazes: number
  method: string
  /** Fresh start to every block indexed. */
  caughtUpSeconds: number
  /**
   * The most it ever held (VmHWM), PGlite's creation of a fresh database included: a one-time peak of about 850 MB in
   * PGlite 0.2 alone, which falls back to under 300 MB (docs/decisions/indexer.md).
   */
  indexerStartupPeakMb: number
  /** One client at a time, PGlite: what one read costs when nothing waits. */
  pgliteOneClient: QueryFigures
}

/** The first gallery page of `completed=false&sort=gazes`, from `skyOf` of every sky in batched multicalls. */
async function chainScan(rpcUrl: string, chainellation: Hex, skies: number): Promise<number> {
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) })
  const started = performance.now()
  // The one function read, as its own ABI: viem's types for a multicall over the whole ABI go too deep to check.
  const skyOfAbi = [getAbiItem({ abi: chainellationAbi, name: 'skyOf' })]
  const results = (await client.multicall({
    contracts: Array.from({ length: skies }, (_, i) => ({
      address: chainellation,
      abi: skyOfAbi,
      functionName: 'skyOf',
      args: [BigInt(i + 1)],
    })),
    allowFailure: false,
    batchSize: 64 * 1024,
    multicallAddress: MULTICALL3_ADDRESS,
  })) as unknown as { gazes: number; constellation: number }[]
  const page = results
    .map((sky, i) => ({
      id: i + 1,
      gazes: Number(sky.gazes),
      stars: constellations[sky.constellation - 1]?.stars.length,
    }))
    .filter((sky) => sky.stars !== undefined && sky.gazes < sky.stars)
    .sort((a, b) => b.gazes - a.gazes || b.id - a.id)
    .slice(0, 24)
  if (page.length === 0) throw new Error('the chain scan found no sky')
  return Math.round(performance.now() - started)
}

const loadAverage = loadavg().map((n) => Math.round(n * 100) / 100)
const anvil = await startAnvil({ timestamp: MIDNIGHT })
const dataDir = mkdtempSync(join(tmpdir(), 'chainellation-bench-indexer-'))
let indexer: Indexer | undefined
let api: { stop: () => Promise<void> } | undefined
let stopMinting = async () => {}
try {
  await deployAll({ rpcUrl: anvil.rpcUrl, writeBindings: false })
  const contracts = getDeployment(31337)?.contracts
  if (!contracts) throw new Error('no local deployment recorded')
  process.stdout.write('seeding 15,000 skies, 50,000 gazes, 3,000 layer changes and 2,000 transfers…\n')
  const seeded = await seedCollection(anvil.rpcUrl, contracts)
  process.stdout.write(`seeded in ${Math.round(seeded.seedSeconds)} s; reading every sky from the chain…\n`)
  const chainScanMs = await chainScan(anvil.rpcUrl, contracts.Chainellation, seeded.skies)

  process.stdout.write(`chain scan ${chainScanMs} ms; indexing from a fresh start on PGlite…\n`)
  let started = performance.now()
  const memory = memoryWatch()
  indexer = await startIndexer(anvil.rpcUrl, dataDir, { readyTimeoutMs: 300_000, onSpawn: memory.watch })
  const indexSeconds = round((performance.now() - started) / 1000)
  await indexer.caughtUp(seeded.block, 600_000)
  const caughtUpSeconds = round((performance.now() - started) / 1000)
  const pgliteApi = await startApi(indexer.url, anvil.rpcUrl)
  api = pgliteApi
  process.stdout.write(`ready in ${indexSeconds} s; timing reads through the API…\n`)
  const pgliteOneClient = await queries(discoveryBase(pgliteApi.url), 1, 200)
  stopMinting = keepMinting(anvil.rpcUrl, contracts.Chainellation)
  const pglite = await queries(discoveryBase(pgliteApi.url))
  // The floor: the same reads asked of the indexer itself, as the API asks them, with the API still running idle.
  const pgliteFloor = await queries(indexer.url)
  const indexerRssMb = Math.round(memory.peakMb(databaseOpenedAt(indexer.output)))
  const indexerStartupPeakMb = Math.round(memory.startupPeakMb())
  memory.stop()
  await stopMinting()
  await pgliteApi.stop()
  await indexer.stop()
  indexer = undefined

  process.stdout.write('indexing from a fresh start on Postgres…\n')
  const cluster = await createPostgresCluster()
  try {
    started = performance.now()
    indexer = await startIndexer(anvil.rpcUrl, dataDir, {
      postgres: { url: cluster.url, schema: 'bench' },
      readyTimeoutMs: 300_000,
    })
    const postgresIndexSeconds = round((performance.now() - started) / 1000)
    await indexer.caughtUp(await createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) }).getBlockNumber())
    const postgresApi = await startApi(indexer.url, anvil.rpcUrl)
    api = postgresApi
    stopMinting = keepMinting(anvil.rpcUrl, contracts.Chainellation)
    const postgres = { ...(await queries(discoveryBase(postgresApi.url))), indexSeconds: postgresIndexSeconds }
    const postgresFloor = await queries(indexer.url)
    await stopMinting()
    await postgresApi.stop()
    api = undefined
    await indexer.stop()
    indexer = undefined

    const report: DiscoveryReport = {
      machine: {
        cpus: cpus().length,
        loadAverage,
        loadAverageAtEnd: loadavg().map((n) => Math.round(n * 100) / 100),
      },
      skies: seeded.skies,
      gazes: seeded.gazes,
      method:
        `${CLIENTS} concurrent clients through the app's API (one process, 127.0.0.1), each sending its next read when ` +
        `its last is answered, ${REQUESTS} reads of each kind after ${WARMUP_READS_PER_CLIENT} of each client not counted ` +
        '(gallery: 50 pages newest first; filtered: 3 filters; ' +
        `activity: the feed and 1,000 skies' own) while a sky is minted every ${BLOCK_EVERY_MS / 1000} s; ` +
        'p95 of each kind. Floor: the same reads of the indexer itself, right after, under the same load and minting. ' +
        'Chain scan: skyOf of every sky in multicalls of 64 KiB of calldata, then filtered and sorted.',
      indexSeconds,
      caughtUpSeconds,
      indexerRssMb,
      indexerStartupPeakMb,
      chainScanMs,
      pglite,
      pgliteOneClient,
      postgres,
      floor: { pglite: pgliteFloor, postgres: postgresFloor },
    }
    writeReport('discovery', report)
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  } finally {
    await cluster.destroy()
  }
} finally {
  await stopMinting().catch(() => {})
  await api?.stop()
  await indexer?.stop()
  await anvil.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
