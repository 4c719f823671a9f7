// Measures the indexer at the collection's full size: seeds a local chain with 15,000 skies, 50,000 gazes, 2,000
// transfers and 3,000 layer changes, then times a fresh index to ready on PGlite, its memory, and the read routes'
// latency under 20 concurrent clients. `npm run scale -w scripts`; prints JSON.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getDeployment } from '@chainellation/contracts'
import { startAnvil } from '@chainellation/contracts/anvil'
import { deployAll } from '@chainellation/contracts/deploy'
import { startIndexer } from '@chainellation/indexer/process'
import { MIDNIGHT, READS, seedCollection } from '@chainellation/indexer/seed'
import { descendants } from '../processes'

const anvil = await startAnvil({ timestamp: MIDNIGHT })
const dataDir = mkdtempSync(join(tmpdir(), 'chainellation-scale-'))
try {
  await deployAll({ rpcUrl: anvil.rpcUrl, writeBindings: false })
  const contracts = getDeployment(31337)?.contracts
  if (!contracts) throw new Error('no local deployment recorded')
  const { skies: supply, gazes, seedSeconds, block } = await seedCollection(anvil.rpcUrl, contracts)

  const started = performance.now()
  const indexer = await startIndexer(anvil.rpcUrl, dataDir)
  const readySeconds = (performance.now() - started) / 1000
  // Ready means the backfill reached the finalized block; the last 30 blocks (thousands of events each, here) follow.
  await indexer.caughtUp(block, 600_000)
  const indexSeconds = (performance.now() - started) / 1000
  try {
    const rssMb = () => {
      const pids = [indexer.pid, ...descendants(indexer.pid)]
      return pids.reduce((sum, pid) => {
        const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)
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
      skies: supply,
      indexed,
      gazes,
      seedSeconds: Math.round(seedSeconds),
      readySeconds: Math.round(readySeconds * 10) / 10,
      indexSeconds: Math.round(indexSeconds * 10) / 10,
      indexerRssMb: Math.round(rssMb()),
      galleryP95Ms: await p95(pages(READS.gallery)),
      filterP95Ms: await p95(pages(READS.filter)),
      galleryOneClientP95Ms: await p95(pages(READS.gallery), 1),
      filterOneClientP95Ms: await p95(pages(READS.filter), 1),
      activityP95Ms: await p95(pages(READS.activity)),
    }
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`)
  } finally {
    await indexer.stop()
  }
} finally {
  await anvil.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
