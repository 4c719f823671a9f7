// The production shape on one machine (docs/decisions/production.md): one Postgres; a Sepolia-shaped chain behind a
// hosted provider's stand-in; the contracts deployed by the Sepolia deploy into a scratch folder; the web app and the
// API built against that deployment; the indexer's writer (`ponder start`) and a reader (`ponder serve`) on
// Postgres; two API processes from the build under plain `node`, behind a round-robin load balancer that serves the
// app on one origin. Nothing here asks anvil for what only a development chain offers.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Writable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { type Anvil, freePort, isPortFree } from '@chainellation/contracts/anvil'
import type { Deployment } from '@chainellation/contracts/deploy'
import { indexerDir, ponderArgs } from '@chainellation/indexer/ponder-bin'
import type { Address, Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { sepolia } from 'viem/chains'
import { createPostgresCluster, type PostgresCluster } from '../postgres'
import { forEachLine, signal, spawnGroup, stopGroup } from '../processes'
import { type Supervised, supervise } from '../supervise'
import { localVapidKeys } from '../vapid'
import { SEPOLIA_BLOCK_SECONDS, startSepoliaLikeChain } from './chain'
import { type ProviderLimits, type ProviderStandIn, startProvider } from './provider'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const webDir = join(root, 'web')
const serverDir = join(root, 'server')
const tsxCli = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/cli.mjs')
const viteBin = join(dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json')), 'bin/vite.js')

/** The pieces of the rehearsal, by the names its messages give them. */
export type Piece =
  | 'Postgres'
  | 'chain'
  | 'provider'
  | 'deploy'
  | 'web build'
  | 'API build'
  | 'indexer writer'
  | 'indexer reader'
  | 'API 1'
  | 'API 2'
  | 'load balancer'

/** A piece did not start; `output` holds its last lines. */
export class RehearsalStartError extends Error {
  constructor(
    readonly piece: Piece,
    reason: string,
    readonly output: string[] = [],
  ) {
    super(`the ${piece} did not start: ${reason}${output.length ? `\n${output.join('\n')}` : ''}`)
    this.name = 'RehearsalStartError'
  }
}

export type RehearsalOptions = {
  /** The public origin's port (the load balancer); 0 or omitted, a free one. */
  port?: number
  /** Seconds between blocks (default Sepolia's 12; tests use less). */
  blockSeconds?: number
  /** The provider stand-in's limits, beyond its defaults. */
  providerLimits?: Partial<ProviderLimits>
  /** Accounts funded at genesis besides the deployer's and the printed player's: a test's wallets. */
  funded?: Address[]
  /** Settings of the API processes beyond the rehearsal's own (rate limits for a drill, say). */
  apiEnv?: Record<string, string>
  /** Every output line of the pieces, and the rehearsal's own progress as `rehearsal`. */
  log?: (source: Piece | 'rehearsal', line: string) => void
  /** Aborting during startup stops whatever started and rejects. */
  signal?: AbortSignal
}

/** A process the rehearsal runs under supervision, as systemd or Kubernetes would: restarted when it dies. */
export type Service = {
  url: string
  /** The current run's process id (the leader of its process group). */
  pid: () => number | undefined
  /** Restarts so far. */
  restarts: () => number
}

export type Rehearsal = {
  /** Where a person opens the app: the load balancer. */
  url: string
  chainId: number
  /** The chain's own node, for a test's checks; the app and its services never call it but through the provider. */
  chainRpcUrl: string
  provider: ProviderStandIn
  postgresUrl: string
  deployment: Deployment
  /** A funded account a person can import into a wallet to play. */
  player: { address: Address; privateKey: Hex }
  apis: (Service & { metricsUrl: string })[]
  /** How the API processes are started, to start another beside them (a benchmark's, say). */
  api: { entry: string; nodeFlags: readonly string[]; env: (port: number) => NodeJS.ProcessEnv }
  writer: Service
  reader: Service
  /** Resolves when a piece stops for good (its supervisor gave up) without `stop()` having been called. */
  exited: Promise<{ piece: Piece; code: number | null; signal: NodeJS.Signals | null }>
  stop: () => Promise<void>
}

/**
 * What `npm run start -w server` gives node: a heap sized for one API process (docs/decisions/production-build.md).
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=192'] as const

/** The schema of this deployment of the indexer (one per build; docs/decisions/indexer.md). */
export const INDEXER_SCHEMA = 'chainellation_indexer'

const exitText = (code: number | null, sig: NodeJS.Signals | null) => (sig ? `signal ${sig}` : `code ${code}`)

export async function startRehearsal(options: RehearsalOptions = {}): Promise<Rehearsal> {
  const log = options.log ?? (() => {})
  const abort = options.signal
  const port = options.port || (await freePort())
  if (!(await isPortFree(port))) {
    throw new RehearsalStartError(
      'load balancer',
      `port ${port} is already in use; stop whatever uses it or choose another`,
    )
  }
  const runDir = mkdtempSync(join(tmpdir(), 'chainellation-rehearsal-'))
  const deploymentDir = join(runDir, 'deployment')
  const webDist = join(runDir, 'web')
  // The bundle finds the server's own files (migrations, fonts) one folder up, so it is built inside the package.
  const apiDist = mkdtempSync(join(serverDir, '.build-rehearsal-'))
  const publicUrl = `http://127.0.0.1:${port}`
  const origins = [publicUrl, `http://localhost:${port}`]

  const tails = new Map<Piece, string[]>()
  const record = (piece: Piece, line: string) => {
    const tail = tails.get(piece) ?? []
    tail.push(line)
    if (tail.length > 30) tail.shift()
    tails.set(piece, tail)
    log(piece, line)
  }
  const tailOf = (piece: Piece) => tails.get(piece) ?? []

  let stopping = false
  let postgres: PostgresCluster | undefined
  let chain: Anvil | undefined
  let provider: ProviderStandIn | undefined
  const supervised = new Map<Piece, Supervised>()
  const oneOffs = new Set<ChildProcess>()
  let reportExit: (exit: { piece: Piece; code: number | null; signal: NodeJS.Signals | null }) => void = () => {}
  const exited = new Promise<{ piece: Piece; code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    reportExit = resolve
  })

  // Ponder releases its schema's lock on SIGINT only (docs/decisions/indexer.md); the API drains on SIGTERM.
  const stopSignal = (piece: Piece): NodeJS.Signals => (piece.startsWith('indexer') ? 'SIGINT' : 'SIGTERM')

  const killAll = () => {
    for (const run of supervised.values()) if (run.child.pid) signal(-run.child.pid, 'SIGKILL')
    for (const child of oneOffs) if (child.pid) signal(-child.pid, 'SIGKILL')
    if (chain?.process.pid) signal(chain.process.pid, 'SIGKILL')
  }
  process.on('exit', killAll)

  const stop = async () => {
    stopping = true
    // The balancer, then the API (it reads the indexer), then the reader, then the writer.
    const inOrder: Piece[] = ['load balancer', 'API 1', 'API 2', 'indexer reader', 'indexer writer']
    for (const group of [inOrder.slice(0, 1), inOrder.slice(1, 3), inOrder.slice(3, 4), inOrder.slice(4)]) {
      await Promise.all(
        group.map(async (piece) => {
          const run = supervised.get(piece)
          run?.release()
          if (run?.child.pid) await stopGroup(run.child.pid, 15_000, stopSignal(piece))
        }),
      )
    }
    await Promise.all([...oneOffs].map((child) => (child.pid ? stopGroup(child.pid) : undefined)))
    await provider?.close()
    await chain?.stop()
    await postgres?.destroy()
    process.off('exit', killAll)
    rmSync(runDir, { recursive: true, force: true })
    rmSync(apiDist, { recursive: true, force: true })
  }

  const checkAbort = () => {
    if (abort?.aborted) throw new Error('startup aborted')
  }

  /** Runs `node args` in `cwd` to its end, as one step of the start; throws naming `piece` unless it exits 0. */
  const runStep = (piece: Piece, args: string[], cwd: string, env: NodeJS.ProcessEnv) =>
    new Promise<void>((resolve, reject) => {
      const child = spawnGroup(process.execPath, args, { cwd, env: { ...process.env, ...env } })
      oneOffs.add(child)
      forEachLine(child, (line) => record(piece, line))
      child.once('exit', (code, sig) => {
        oneOffs.delete(child)
        if (code === 0) resolve()
        else reject(new RehearsalStartError(piece, `it exited with ${exitText(code, sig)}`, tailOf(piece)))
      })
    })

  /** Starts `node args` under supervision: restarted when it dies, as a process supervisor would. */
  const runService = (piece: Piece, args: string[], cwd: string, env: NodeJS.ProcessEnv) => {
    const run = supervise({
      start: () => {
        const child = spawnGroup(process.execPath, args, { cwd, env: { ...process.env, ...env } })
        forEachLine(child, (line) => record(piece, line))
        return child
      },
      backoffMs: () => 500,
      onRestart: (n, exit) =>
        log(
          'rehearsal',
          `the ${piece} exited (${exitText(exit.code, exit.signal)}); restart ${n}, as a supervisor would`,
        ),
      onGiveUp: (exit) => {
        if (!stopping) reportExit({ piece, ...exit })
      },
    })
    supervised.set(piece, run)
    return run
  }

  /** Resolves once `url` answers 2xx; throws naming `piece` if its process ends first or after `timeoutMs`. */
  const answers = async (piece: Piece, url: string, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      checkAbort()
      const child = supervised.get(piece)?.child
      if (child && (child.exitCode !== null || child.signalCode !== null) && (supervised.get(piece)?.restarts ?? 0) > 2)
        throw new RehearsalStartError(piece, 'it keeps exiting', tailOf(piece))
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
        if (res.ok) return
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new RehearsalStartError(piece, `no answer at ${url} within ${timeoutMs / 1000} s`, tailOf(piece))
      await sleep(200)
    }
  }

  const service = (piece: Piece, url: string): Service => ({
    url,
    pid: () => supervised.get(piece)?.child.pid,
    restarts: () => supervised.get(piece)?.restarts ?? 0,
  })

  try {
    log('rehearsal', 'starting Postgres')
    postgres = await createPostgresCluster().catch((error: Error) => {
      throw new RehearsalStartError('Postgres', error.message)
    })
    checkAbort()

    const deployerKey = generatePrivateKey()
    const playerKey = generatePrivateKey()
    const player = { address: privateKeyToAccount(playerKey).address, privateKey: playerKey }
    const blockSeconds = options.blockSeconds ?? SEPOLIA_BLOCK_SECONDS
    log('rehearsal', `starting the chain (Sepolia's id, a block every ${blockSeconds} s)`)
    chain = await startSepoliaLikeChain({
      dir: runDir,
      blockSeconds,
      funded: [privateKeyToAccount(deployerKey).address, player.address, ...(options.funded ?? [])],
      log: new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n')) if (line.trim()) record('chain', line)
          done()
        },
      }),
    }).catch((error: Error) => {
      throw new RehearsalStartError('chain', error.message, tailOf('chain'))
    })
    checkAbort()

    provider = await startProvider({ upstream: chain.rpcUrl, limits: options.providerLimits }).catch((error: Error) => {
      throw new RehearsalStartError('provider', error.message)
    })
    log('rehearsal', `provider stand-in at ${provider.url}`)

    log('rehearsal', 'deploying the contracts as to Sepolia (npm run deploy -w contracts -- --network sepolia)')
    await runStep(
      'deploy',
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        'scripts/deploy.ts',
        '--network',
        'sepolia',
        '--out',
        deploymentDir,
      ],
      join(root, 'contracts'),
      { SEPOLIA_RPC_URL: provider.urlFor('deployer'), DEPLOYER_PRIVATE_KEY: deployerKey },
    )
    const deployment = JSON.parse(readFileSync(join(deploymentDir, `${sepolia.id}.json`), 'utf8')) as Deployment
    checkAbort()

    // The builds and the indexer's backfill run side by side.
    log('rehearsal', 'building the web app and the API for this deployment; starting the indexer')
    const builds = Promise.all([
      runStep('web build', [viteBin, 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], webDir, {
        DEPLOYMENTS_DIR: deploymentDir,
        VITE_SEPOLIA_RPC_URL: provider.urlFor('web'),
        // A Sepolia build: whatever a developer's .env says, no local chain and no dev wallet.
        VITE_LOCAL_CHAIN: '',
        VITE_LOCAL_RPC_URL: '',
      }),
      runStep('API build', [tsxCli, 'scripts/build.ts', '--outdir', apiDist], serverDir, {
        DEPLOYMENTS_DIR: deploymentDir,
      }),
    ])

    const indexerEnv = {
      DATABASE_URL: postgres.url,
      DATABASE_SCHEMA: INDEXER_SCHEMA,
      INDEXER_CHAIN_ID: String(sepolia.id),
      INDEXER_RPC_URLS: provider.urlFor('indexer'),
      DEPLOYMENTS_DIR: deploymentDir,
      INDEXER_PGLITE_DIR: '',
    }
    const writerPort = await freePort()
    const readerPort = await freePort()
    const writerUrl = `http://127.0.0.1:${writerPort}`
    const readerUrl = `http://127.0.0.1:${readerPort}`
    runService('indexer writer', ponderArgs('start', writerPort, '--log-format', 'json'), indexerDir, {
      ...indexerEnv,
      PORT: String(writerPort),
    })
    await answers('indexer writer', `${writerUrl}/ready`, 180_000)
    runService('indexer reader', ponderArgs('serve', readerPort, '--log-format', 'json'), indexerDir, {
      ...indexerEnv,
      PORT: String(readerPort),
    })
    await answers('indexer reader', `${readerUrl}/sync`)
    await builds
    checkAbort()

    const apiPorts = [await freePort(), await freePort()]
    const metricsPorts = [await freePort(), await freePort()]
    // One key pair for both processes, as a deployment's: either may send any reminder.
    const vapid = localVapidKeys()
    const apiEnv = (apiPort: number, metricsPort?: number): NodeJS.ProcessEnv => ({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      CHAIN_ID: String(sepolia.id),
      DATABASE_URL: postgres?.url,
      SEPOLIA_RPC_URL: provider?.urlFor('api'),
      INDEXER_URL: readerUrl,
      APP_ORIGINS: origins.join(','),
      PUBLIC_ORIGIN: publicUrl,
      WEB_DIST: webDist,
      WEB_RPC_ORIGINS: provider?.url,
      TRUST_PROXY: '1',
      // Metrics on a port of their own, never on the public origin.
      ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
      LOG_FORMAT: 'json',
      LOCAL_RPC_URL: '',
      DATA_DIR: '',
      ...vapid,
      ...options.apiEnv,
    })
    const apiPieces: Piece[] = ['API 1', 'API 2']
    apiPieces.forEach((piece, i) => {
      runService(
        piece,
        [...API_NODE_FLAGS, join(apiDist, 'index.js')],
        serverDir,
        apiEnv(apiPorts[i] as number, metricsPorts[i] as number),
      )
    })
    await Promise.all(apiPieces.map((piece, i) => answers(piece, `http://127.0.0.1:${apiPorts[i]}/api/health`)))
    const apiUrls = apiPorts.map((p) => `http://127.0.0.1:${p}`)

    // Readiness, not liveness: a process that is draining or has lost its database leaves the rotation.
    runService(
      'load balancer',
      [
        '--import',
        'tsx',
        join(root, 'scripts/src/rehearsal/balancer-main.ts'),
        '--port',
        String(port),
        '--health-path',
        '/api/ready',
        ...apiUrls,
      ],
      root,
      {},
    )
    await answers('load balancer', `${publicUrl}/api/health`)

    return {
      url: publicUrl,
      chainId: sepolia.id,
      chainRpcUrl: chain.rpcUrl,
      provider,
      postgresUrl: postgres.url,
      deployment,
      player,
      apis: apiPieces.map((piece, i) => ({
        ...service(piece, apiUrls[i] as string),
        metricsUrl: `http://127.0.0.1:${metricsPorts[i]}/metrics`,
      })),
      api: { entry: join(apiDist, 'index.js'), nodeFlags: API_NODE_FLAGS, env: (apiPort: number) => apiEnv(apiPort) },
      writer: service('indexer writer', writerUrl),
      reader: service('indexer reader', readerUrl),
      exited,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
