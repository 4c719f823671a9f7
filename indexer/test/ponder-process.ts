// Runs the indexer as `npm start` and production do (`ponder start`), against a test chain, in a folder of its own.

import type { ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from '@chainellation/contracts/anvil'
import { seedPgliteDir } from '@chainellation/scripts/pglite-template'
import { forEachLine, spawnGroup, stopGroup } from '@chainellation/scripts/processes'
import { indexerDir, ponderArgs } from '../lib/ponder-bin.ts'

export type Indexer = {
  url: string
  /** Process id of `ponder start`, the leader of its process group. */
  pid: number
  output: string[]
  /** GET `path` on the indexer, parsed as JSON, with its status. */
  get: <T = unknown>(path: string) => Promise<{ status: number; body: T }>
  /** Resolves once the indexer has indexed the chain up to block `block`. */
  caughtUp: (block: bigint, timeoutMs?: number) => Promise<void>
  /** Stops it as an operator would, releasing its schema lock; a crash is `process.kill(pid, 'SIGKILL')`. */
  stop: () => Promise<void>
}

export type IndexerOptions = {
  /** Postgres instead of PGlite: the database, and the schema of this deployment's tables. */
  postgres?: { url: string; schema: string }
  /** How long the backfill may take to reach `/ready`. */
  readyTimeoutMs?: number
  /** Called with the process id as soon as `ponder start` is spawned, before it is ready. */
  onSpawn?: (pid: number) => void
}

/**
 * Starts `ponder start` on a free port against `rpcUrl`, keeping its PGlite in `dataDir` (or its tables in Postgres),
 * and waits until ready.
 */
export async function startIndexer(rpcUrl: string, dataDir: string, options: IndexerOptions = {}): Promise<Indexer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const output: string[] = []
  // An empty folder begins as a copy of an empty database, as the stack's does; one Ponder has written keeps its own.
  if (!options.postgres) await seedPgliteDir(dataDir, 'indexer')
  const child: ChildProcess = spawnGroup(process.execPath, ponderArgs('start', port, '--log-format', 'json'), {
    cwd: indexerDir,
    env: {
      ...process.env,
      INDEXER_CHAIN_ID: '31337',
      INDEXER_RPC_URLS: rpcUrl,
      INDEXER_PGLITE_DIR: dataDir,
      INDEXER_POLLING_MS: '100',
      // Ponder's PORT wins over --port: a shell's PORT is meant for the API.
      PORT: String(port),
      DATABASE_URL: options.postgres?.url ?? '',
      DATABASE_SCHEMA: options.postgres?.schema ?? 'public',
    },
  })
  forEachLine(child, (line) => output.push(line))
  if (child.pid) options.onSpawn?.(child.pid)
  const get = async <T>(path: string) => {
    const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(5_000) })
    const text = await res.text()
    return {
      status: res.status,
      body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T,
    }
  }
  const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`the indexer exited with code ${child.exitCode}:\n${output.slice(-20).join('\n')}`)
      if (await check().catch(() => false)) return
      if (Date.now() > deadline)
        throw new Error(`the indexer was not ${what} within ${timeoutMs} ms:\n${output.slice(-20).join('\n')}`)
      await sleep(100)
    }
  }
  // SIGINT, as Ctrl-C: Ponder then releases its schema lock before it exits, so the next start on this folder resumes at
  // once. On SIGTERM, the dev server Ponder builds with exits the process before the lock is released, and the next
  // start waits up to 25 s for it to expire (docs/decisions/indexer.md, "When it crashes").
  const stop = async () => {
    if (child.pid && child.exitCode === null) await stopGroup(child.pid, 10_000, 'SIGINT')
  }
  try {
    await until('ready', async () => (await fetch(`${url}/ready`)).ok, options.readyTimeoutMs)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    url,
    pid: child.pid ?? 0,
    output,
    get,
    caughtUp: (block, timeoutMs) =>
      until(
        `at block ${block}`,
        async () => {
          const { body } = await get<{ indexedBlock: number | null }>('/sync')
          return body.indexedBlock !== null && body.indexedBlock >= Number(block)
        },
        timeoutMs,
      ),
    stop,
  }
}
