// The production shape on one machine (docs/decisions/production.md): one Postgres; a Sepolia-shaped chain behind a
// hosted provider's stand-in; the contracts deployed by the Sepolia deploy into a scratch folder; the web app and the
// API built against that deployment; the indexer's writer (`ponder start`) and a reader (`ponder serve`) on
// Postgres; two API processes from the build under plain `node`, behind nginx with the configuration compose ships
// (deploy/nginx), which serves the app on one origin. Nothing here asks anvil for what only a development chain offers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, isPortFree } from '@chainellation/contracts/anvil'
import type { Deployment } from '@chainellation/contracts/deploy'
import { indexerDir, ponderArgs } from '@chainellation/indexer/ponder-bin'
import type { Address, Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { sepolia } from 'viem/chains'
import { createPostgresCluster } from '../postgres'
import { signal } from '../processes'
import { createRunner, exitText, type Runner } from '../runner'
import { localVapidKeys } from '../vapid'
import { SEPOLIA_BLOCK_SECONDS, startSepoliaLikeChain } from './chain'
import { findNginx, prepareNginx } from './nginx'
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

/** The order a rehearsal stops in: the balancer, then the API (it reads the indexer), then the reader, then the writer. */
const STOP_ORDER: Piece[][] = [['load balancer'], ['API 1', 'API 2'], ['indexer reader'], ['indexer writer']]

/** The rehearsal's runner, and its own progress as `rehearsal`. */
type Pieces = Runner<Piece> & { say: (line: string) => void }

/** Runs a piece as a supervisor would: restarted half a second after it dies, stopped with its own signal. */
const supervised = (
  runner: Pieces,
  piece: Piece,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  command?: string,
) => {
  const run = runner.service(piece, args, cwd, env, {
    command,
    supervised: true,
    backoffMs: () => 500,
    // Ponder releases its schema's lock on SIGINT only (docs/decisions/indexer.md); the API drains on SIGTERM; nginx
    // stops gracefully on SIGQUIT, its workers finishing the requests they hold (SIGTERM would cut them).
    stopSignal: piece.startsWith('indexer') ? 'SIGINT' : piece === 'load balancer' ? 'SIGQUIT' : 'SIGTERM',
    graceMs: 15_000,
    onRestart: (n, exit) => runner.say(`the ${piece} exited (${exitText(exit)}); restart ${n}, as a supervisor would`),
  })
  return run
}

/** Postgres, the chain with Sepolia's id, and the hosted provider's stand-in in front of it. */
async function startChain(runner: Pieces, runDir: string, options: RehearsalOptions) {
  runner.say('starting Postgres')
  const postgres = await createPostgresCluster().catch((error: Error) => {
    throw new RehearsalStartError('Postgres', error.message)
  })
  runner.onStop(() => postgres.destroy())
  runner.checkAbort()

  const deployerKey = generatePrivateKey()
  const playerKey = generatePrivateKey()
  const player = { address: privateKeyToAccount(playerKey).address, privateKey: playerKey }
  const blockSeconds = options.blockSeconds ?? SEPOLIA_BLOCK_SECONDS
  runner.say(`starting the chain (Sepolia's id, a block every ${blockSeconds} s)`)
  const chain = await startSepoliaLikeChain({
    dir: runDir,
    blockSeconds,
    funded: [privateKeyToAccount(deployerKey).address, player.address, ...(options.funded ?? [])],
    log: runner.lines('chain'),
  }).catch((error: Error) => {
    throw new RehearsalStartError('chain', error.message, runner.tailOf('chain'))
  })
  runner.onStop(
    () => chain.stop(),
    () => chain.process.pid && signal(chain.process.pid, 'SIGKILL'),
  )
  runner.checkAbort()

  const provider = await startProvider({ upstream: chain.rpcUrl, limits: options.providerLimits }).catch(
    (error: Error) => {
      throw new RehearsalStartError('provider', error.message)
    },
  )
  runner.onStop(() => provider.close())
  runner.say(`provider stand-in at ${provider.url}`)
  return { postgres, chain, provider, player, deployerKey }
}

/** The contracts deployed as to Sepolia, into `deploymentDir`. */
async function deploy(runner: Pieces, provider: ProviderStandIn, deployerKey: Hex, deploymentDir: string) {
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs')
  await runner.step(
    'deploy',
    [tsx, 'scripts/deploy.ts', '--network', 'sepolia', '--out', deploymentDir],
    join(root, 'contracts'),
    { SEPOLIA_RPC_URL: provider.urlFor('deployer'), DEPLOYER_PRIVATE_KEY: deployerKey },
  )
  runner.checkAbort()
  return JSON.parse(readFileSync(join(deploymentDir, `${sepolia.id}.json`), 'utf8')) as Deployment
}

/** The web app and the API built for this deployment, side by side. */
function build(runner: Pieces, provider: ProviderStandIn, dirs: { deployment: string; web: string; api: string }) {
  return Promise.all([
    runner.step('web build', [viteBin, 'build', '--outDir', dirs.web, '--emptyOutDir', '--logLevel', 'warn'], webDir, {
      DEPLOYMENTS_DIR: dirs.deployment,
      VITE_SEPOLIA_RPC_URL: provider.urlFor('web'),
      // A Sepolia build: whatever a developer's .env says, no local chain and no dev wallet.
      VITE_LOCAL_CHAIN: '',
      VITE_LOCAL_RPC_URL: '',
    }),
    runner.step('API build', [tsxCli, 'scripts/build.ts', '--outdir', dirs.api], serverDir, {
      DEPLOYMENTS_DIR: dirs.deployment,
    }),
  ])
}

/** The indexer's writer (`ponder start`), ready, then a reader (`ponder serve`) on the same schema. */
async function startIndexer(runner: Pieces, postgresUrl: string, provider: ProviderStandIn, deploymentDir: string) {
  const env = {
    DATABASE_URL: postgresUrl,
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
  const writer = supervised(
    runner,
    'indexer writer',
    ponderArgs('start', writerPort, '--log-format', 'json'),
    indexerDir,
    {
      ...env,
      PORT: String(writerPort),
    },
  )
  await runner.answers('indexer writer', `${writerUrl}/ready`, 180_000, 200)
  const reader = supervised(
    runner,
    'indexer reader',
    ponderArgs('serve', readerPort, '--log-format', 'json'),
    indexerDir,
    {
      ...env,
      PORT: String(readerPort),
    },
  )
  await runner.answers('indexer reader', `${readerUrl}/sync`, 90_000, 200)
  return { writer: { ...writer, url: writerUrl }, reader: { ...reader, url: readerUrl } }
}

type ApiSetting = {
  postgresUrl: string
  provider: ProviderStandIn
  readerUrl: string
  publicUrl: string
  webDist: string
}

/** How an API process of the rehearsal is configured, as a deployment's would be. */
function apiEnvOf(at: ApiSetting, extra: Record<string, string> | undefined) {
  const origins = [at.publicUrl, at.publicUrl.replace('127.0.0.1', 'localhost')]
  // One key pair for every process, as a deployment's: either may send any reminder.
  const vapid = localVapidKeys()
  return (apiPort: number, metricsPort?: number): NodeJS.ProcessEnv => ({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    CHAIN_ID: String(sepolia.id),
    DATABASE_URL: at.postgresUrl,
    SEPOLIA_RPC_URL: at.provider.urlFor('api'),
    INDEXER_URL: at.readerUrl,
    APP_ORIGINS: origins.join(','),
    PUBLIC_ORIGIN: at.publicUrl,
    WEB_DIST: at.webDist,
    WEB_RPC_ORIGINS: at.provider.url,
    TRUST_PROXY: '1',
    // Metrics on a port of their own, never on the public origin.
    ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
    LOG_FORMAT: 'json',
    // As compose.yaml: nginx's access log has every request; the API logs those that failed or were slow.
    LOG_REQUESTS: 'failures',
    LOCAL_RPC_URL: '',
    DATA_DIR: '',
    ...vapid,
    ...extra,
  })
}

/** Two API processes from the build under plain node, then nginx in front of them, configured as compose runs it. */
async function startApis(runner: Pieces, apiEntry: string, env: ReturnType<typeof apiEnvOf>, at: BalancerAt) {
  const pieces: Piece[] = ['API 1', 'API 2']
  const ports = [await freePort(), await freePort()]
  const metricsPorts = [await freePort(), await freePort()]
  const urls = ports.map((p) => `http://127.0.0.1:${p}`)
  const apis = pieces.map((piece, i) => ({
    ...supervised(runner, piece, [...API_NODE_FLAGS, apiEntry], serverDir, env(ports[i] as number, metricsPorts[i])),
    url: urls[i] as string,
    metricsUrl: `http://127.0.0.1:${metricsPorts[i]}/metrics`,
  }))
  // Readiness, not liveness: a process that is draining or has lost its database is not yet put behind nginx.
  await Promise.all(pieces.map((piece, i) => runner.answers(piece, `${urls[i]}/api/ready`, 90_000, 200)))
  const args = prepareNginx({
    dir: at.dir,
    port: at.port,
    upstreams: [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`],
  })
  supervised(runner, 'load balancer', args, at.dir, {}, at.nginx)
  await runner.answers('load balancer', `http://127.0.0.1:${at.port}/api/health`, 90_000, 200)
  return apis
}

/** Where nginx listens and runs. */
type BalancerAt = { port: number; dir: string; nginx: string }

export async function startRehearsal(options: RehearsalOptions = {}): Promise<Rehearsal> {
  const log = options.log ?? (() => {})
  const port = options.port || (await freePort())
  if (!(await isPortFree(port))) {
    throw new RehearsalStartError(
      'load balancer',
      `port ${port} is already in use; stop whatever uses it or choose another`,
    )
  }
  const nginx = findNginx()
  if (!nginx) {
    throw new RehearsalStartError(
      'load balancer',
      'nginx is not installed; install it from your system’s packages (apt-get install nginx), as the README says',
    )
  }
  const runDir = mkdtempSync(join(tmpdir(), 'chainellation-rehearsal-'))
  const deploymentDir = join(runDir, 'deployment')
  const webDist = join(runDir, 'web')
  // The bundle finds the server's own files (migrations, fonts) one folder up, so it is built inside the package.
  const apiDist = mkdtempSync(join(serverDir, '.build-rehearsal-'))
  const publicUrl = `http://127.0.0.1:${port}`
  const runner = Object.assign(
    createRunner<Piece>({
      log,
      signal: options.signal,
      startError: (piece, reason, output) => new RehearsalStartError(piece, reason, output),
    }),
    { say: (line: string) => log('rehearsal', line) },
  )
  runner.onStop(() => {
    rmSync(runDir, { recursive: true, force: true })
    rmSync(apiDist, { recursive: true, force: true })
  })
  const stop = () => runner.stop(STOP_ORDER)

  try {
    const { postgres, chain, provider, player, deployerKey } = await startChain(runner, runDir, options)
    runner.say('deploying the contracts as to Sepolia (npm run deploy -w contracts -- --network sepolia)')
    const deployment = await deploy(runner, provider, deployerKey, deploymentDir)
    runner.say('building the web app and the API for this deployment; starting the indexer')
    const builds = build(runner, provider, { deployment: deploymentDir, web: webDist, api: apiDist })
    // Awaited once the indexer is up; a step failing before then must not leave it unhandled.
    builds.catch(() => {})
    const { writer, reader } = await startIndexer(runner, postgres.url, provider, deploymentDir)
    await builds
    runner.checkAbort()
    const apiEntry = join(apiDist, 'index.js')
    const env = apiEnvOf(
      { postgresUrl: postgres.url, provider, readerUrl: reader.url, publicUrl, webDist },
      options.apiEnv,
    )
    const apis = await startApis(runner, apiEntry, env, { port, dir: join(runDir, 'nginx'), nginx })
    return {
      url: publicUrl,
      chainId: sepolia.id,
      chainRpcUrl: chain.rpcUrl,
      provider,
      postgresUrl: postgres.url,
      deployment,
      player,
      apis,
      api: { entry: apiEntry, nodeFlags: API_NODE_FLAGS, env: (apiPort: number) => env(apiPort) },
      writer,
      reader,
      exited: runner.exited.then(({ name, code, signal }) => ({ piece: name, code, signal })),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
