// `npm run scale -w @chainellation/bench [-- 15000,50000,150000 [pglite,postgres]]`: how every cost of discovery grows with the
// community. For each size, seeds a local chain with that many skies and gazes, layer changes and transfers in the
// full-size collection's proportions (`collectionOf`), then for each database indexes it from a fresh start and times
// the gallery, filtered and activity reads through the app's API at 20 and 100 concurrent clients while a sky is
// minted every two seconds. Prints a table and writes bench/reports/scale.json, which `npm run bench` files in
// bench/reports/results.json as `scale.<skies>.<db>.<figure>` (docs/decisions/indexer.md, "Ten times the community").
// `SCALE_SIZES=15000 SCALE_DATABASES=pglite npm run bench -- scale` measures one size on one database.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { getDeployment } from '@chainellation/contracts'
import { freePort, startAnvil } from '@chainellation/contracts/anvil'
import { deployAll } from '@chainellation/contracts/deploy'
import { type Indexer, startIndexer } from '@chainellation/indexer/process'
import { collectionOf, MIDNIGHT, READS, seedCollection } from '@chainellation/indexer/seed'
import { createPostgresCluster, type PostgresCluster } from '@chainellation/scripts/postgres'
import postgres from 'postgres'
import { writeReport } from '../reports'
import type { ScaleFigures as ReadFigures } from '../results/report-types'
import {
  cpuWatch,
  databaseOpenedAt,
  discoveryBase,
  keepMinting,
  memoryWatch,
  readLoad,
  round,
  startApi,
} from './discovery-tools'
import { buildWeb, galleryFirstCardsMs, previewWeb } from './first-cards'

export const DATABASES = ['pglite', 'postgres'] as const
export type Database = (typeof DATABASES)[number]

/** The figures of one size on one database, as `bench/reports/results.json` names them. */
export type ScaleFigures = ReadFigures & {
  /** Chromium opening everyone's skies: navigation to the first 24 cards shown with their pictures, median of 3. */
  galleryFirst24Ms: number
  /** Reads answered a second under each load, by kind and clients: what each p95 is made of. */
  perSecond?: Record<string, number>
  /**
   * Where the CPU went under each load, in cores: the API, the indexer, Postgres, anvil, the load itself (autocannon)
   * and the machine as a whole, whose two cores are the ceiling of every p95 at 100 clients.
   */
  cpu?: Record<string, Record<string, number>>
}

export type ScaleReport = {
  machine: { cpus: number; loadAverage: number[]; loadAverageAtEnd?: number[] }
  method: string
  sizes: {
    skies: number
    gazes: number
    transfers: number
    layerChanges: number
    seedSeconds: number
    databases: Partial<Record<Database, ScaleFigures | { error: string }>>
  }[]
}

/**
 * Reads of each kind at each load, after each client's first few: 2.5–4 s of reads at 100 clients on two cores, so that
 * a block or two (one every two seconds) come within them, and with each the API asks the indexer again.
 */
const READS_PER_FIGURE = 20_000
/** The longest a fresh index may take before the size is recorded as failed on that database. */
const INDEX_TIMEOUT_MS = 60 * 60_000

const log = (line: string) => process.stdout.write(`[scale] ${line}\n`)
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)

const sizes = (process.argv[2] || process.env.SCALE_SIZES || '15000,50000,150000').split(',').map(Number)
const databases = (process.argv[3] || process.env.SCALE_DATABASES || DATABASES.join(',')).split(',') as Database[]
for (const db of databases) if (!DATABASES.includes(db)) throw new Error(`unknown database ${db}: pglite or postgres`)
for (const skies of sizes) if (!Number.isInteger(skies) || skies < 100) throw new Error(`not a size: ${skies}`)

/**
 * Indexes the chain at `rpcUrl` up to `block` from a fresh start on `db`, measures it under the API's reads, then
 * times the gallery in Chromium on the web app built in `webDist`.
 */
async function measure(db: Database, rpcUrl: string, chainellation: `0x${string}`, block: bigint, webDist: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chainellation-scale-'))
  let cluster: PostgresCluster | undefined
  let indexer: Indexer | undefined
  let api: Awaited<ReturnType<typeof startApi>> | undefined
  let stopMinting = async () => {}
  const memory = memoryWatch()
  let indexerPid: number | undefined
  try {
    if (db === 'postgres') cluster = await createPostgresCluster()
    const started = performance.now()
    indexer = await startIndexer(rpcUrl, dataDir, {
      postgres: cluster && { url: cluster.url, schema: 'scale' },
      readyTimeoutMs: INDEX_TIMEOUT_MS,
      onSpawn: (pid) => {
        indexerPid = pid
        memory.watch(pid)
      },
    })
    await indexer.caughtUp(block, INDEX_TIMEOUT_MS)
    const indexSeconds = round((performance.now() - started) / 1000)
    log(`${db}: indexed in ${indexSeconds} s; reading through the API`)
    api = await startApi(indexer.url, rpcUrl)
    stopMinting = keepMinting(rpcUrl, chainellation)
    const base = discoveryBase(api.url)
    const perSecond: Record<string, number> = {}
    const cpu: Record<string, Record<string, number>> = {}
    const groups = { api: api.pid, indexer: indexerPid }
    const load = async (kind: keyof typeof READS, clients: number) => {
      const measured = await readLoad(base, READS[kind], clients, READS_PER_FIGURE, () =>
        cpuWatch(groups, { postgres: 'postgres', anvil: 'anvil' }),
      )
      perSecond[`${kind}${clients}`] = measured.perSecond
      if (measured.watched) cpu[`${kind}${clients}`] = measured.watched
      return measured.p95Ms
    }
    const figures = {
      galleryP95Ms20: await load('gallery', 20),
      galleryP95Ms100: await load('gallery', 100),
      filterP95Ms100: await load('filter', 100),
      activityP95Ms100: await load('activity', 100),
    }
    await stopMinting()
    const web = await previewWeb(webDist, api.url)
    const galleryFirst24Ms = await galleryFirstCardsMs(web.url).finally(web.stop)
    const indexerRssMb = Math.round(memory.peakMb(databaseOpenedAt(indexer.output)))
    const indexerPeakRssMb = Math.round(memory.startupPeakMb())
    let diskMb: number
    if (cluster) {
      const sql = postgres(cluster.url, { onnotice: () => {} })
      const [row] = await sql<{ bytes: string }[]>`select pg_database_size(current_database())::text as bytes`
      await sql.end()
      diskMb = mb(Number(row?.bytes ?? 0))
    } else {
      diskMb = mb(Number(execFileSync('du', ['-sb', dataDir], { encoding: 'utf8' }).split('\t')[0]))
    }
    return {
      indexSeconds,
      indexerRssMb,
      indexerPeakRssMb,
      ...figures,
      diskMb,
      galleryFirst24Ms,
      perSecond,
      cpu,
    } satisfies ScaleFigures
  } finally {
    memory.stop()
    await stopMinting().catch(() => {})
    await api?.stop()
    await indexer?.stop()
    await cluster?.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const report: ScaleReport = {
  machine: { cpus: cpus().length, loadAverage: loadavg().map((n) => round(n)) },
  method:
    'For each size, anvil seeded with that many skies and, in the 15,000-sky collection’s proportions, gazes (3.3 a ' +
    'sky), layer changes and transfers, 500 transactions a block, ending with 30 empty blocks; for each database a ' +
    'fresh index to the last seeded block, then through the app’s API (one process) 20,000 reads of each kind by 20 ' +
    'or 100 clients (autocannon connections) each sending its next read when its last is answered, while a sky is ' +
    'minted every 2 s, after 5 reads of each client not counted; p95, the reads answered a second, and the CPU each ' +
    'process used meanwhile (cores, from /proc). ' +
    'Then Chromium (1280×800, a fresh context each time) opens everyone’s skies, the built web app served by Vite’s ' +
    'preview server in front of the API: ' +
    'navigation to the first 24 cards in the page with their pictures drawn, scrolling to each as needed; median of 3.',
  sizes: [],
}

// Every size's chain on one port, so that one build of the web app reads them all.
const anvilPort = await freePort()
const webDist = mkdtempSync(join(tmpdir(), 'chainellation-scale-web-'))
log('building the web app for the chains to come')
await buildWeb(`http://127.0.0.1:${anvilPort}`, webDist)

for (const skies of sizes) {
  const collection = collectionOf(skies)
  const anvil = await startAnvil({ timestamp: MIDNIGHT, port: anvilPort })
  try {
    await deployAll({ rpcUrl: anvil.rpcUrl, writeBindings: false })
    const contracts = getDeployment(31337)?.contracts
    if (!contracts) throw new Error('no local deployment recorded')
    log(
      `seeding ${skies} skies, ${collection.gazes} gazes, ${collection.layerChanges} layer changes, ` +
        `${collection.transfers} transfers`,
    )
    const seeded = await seedCollection(anvil.rpcUrl, contracts, collection)
    log(`seeded in ${Math.round(seeded.seedSeconds)} s`)
    const entry: ScaleReport['sizes'][number] = {
      ...collection,
      seedSeconds: Math.round(seeded.seedSeconds),
      databases: {},
    }
    report.sizes.push(entry)
    for (const db of databases) {
      try {
        entry.databases[db] = await measure(db, anvil.rpcUrl, contracts.Chainellation, seeded.block, webDist)
        log(`${skies} on ${db}: ${JSON.stringify(entry.databases[db])}`)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        entry.databases[db] = { error: message }
        log(`${skies} on ${db} FAILED: ${message.split('\n')[0]}`)
      }
      writeReport('scale', report)
    }
  } finally {
    await anvil.stop()
  }
}
rmSync(webDist, { recursive: true, force: true })
report.machine.loadAverageAtEnd = loadavg().map((n) => round(n))
writeReport('scale', report)
process.stdout.write(`${scaleTable(report)}\n`)

/** The report as a Markdown table, a row per figure and a column per size and database. */
export function scaleTable({ sizes: measured }: ScaleReport): string {
  const columns = measured.flatMap((size) =>
    DATABASES.filter((db) => size.databases[db]).map((db) => ({ size, db, figures: size.databases[db] })),
  )
  const rows: [string, keyof ScaleFigures][] = [
    ['fresh index to the last block (s)', 'indexSeconds'],
    ['indexer RSS held / peak (MB)', 'indexerRssMb'],
    ['gallery p95, 20 clients (ms)', 'galleryP95Ms20'],
    ['gallery p95, 100 clients (ms)', 'galleryP95Ms100'],
    ['filter p95, 100 clients (ms)', 'filterP95Ms100'],
    ['activity p95, 100 clients (ms)', 'activityP95Ms100'],
    ['database on disk (MB)', 'diskMb'],
    ['gallery, first 24 cards in Chromium (ms)', 'galleryFirst24Ms'],
  ]
  const cell = (figures: ScaleFigures | { error: string } | undefined, key: keyof ScaleFigures) => {
    if (!figures || 'error' in figures) return 'failed'
    if (key === 'indexerRssMb') return `${figures.indexerRssMb} / ${figures.indexerPeakRssMb}`
    return String(figures[key])
  }
  const head = `| figure | ${columns.map((c) => `${c.size.skies.toLocaleString('en')} ${c.db}`).join(' | ')} |`
  const rule = `| --- | ${columns.map(() => '---:').join(' | ')} |`
  const seed = `| seeding the chain (s) | ${columns.map((c) => c.size.seedSeconds).join(' | ')} |`
  const body = rows.map(([label, key]) => `| ${label} | ${columns.map((c) => cell(c.figures, key)).join(' | ')} |`)
  return [head, rule, seed, ...body].join('\n')
}
