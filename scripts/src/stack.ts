import type { ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Writable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { type Anvil, freePort, isPortFree, PortInUseError, startAnvil } from '@chainellation/contracts/anvil'
import { type Deployment, deployAll } from '@chainellation/contracts/deploy'
import { deploymentsOverride, generatedDeploymentsPath } from '@chainellation/contracts/deployments-dir'
import { deployLocalUniversalResolver } from '@chainellation/contracts/ens'
import { anvilAccount, anvilPrivateKey, deployLocalSafes, type LocalSafes } from '@chainellation/contracts/safe'
import { indexerDir, ponderArgs } from '@chainellation/indexer/ponder-bin'
import { createTestClient, http } from 'viem'
import { seedPgliteDir } from './pglite-template'
import { descendants, forEachLine, signal, spawnGroup, stopGroup, waitGone } from './processes'
import { type Supervised, supervise } from './supervise'
import { localVapidKeys } from './vapid'

export const LOCAL_CHAIN_ID = 31337

/**
 * Sign-in nonces and attempts, session reads, draft writes, sky reads and name lookups the local API allows one client
 * (or account) a minute. Every browser reaches it from 127.0.0.1 (through the Vite proxy too), and the end-to-end
 * tests sign in, save drafts, open skies and show owners many times side by side; a shell's NONCE_RATE_LIMIT,
 * VERIFY_RATE_LIMIT, SESSION_RATE_LIMIT, DRAFT_WRITE_RATE_LIMIT, ACCOUNT_DRAFT_WRITE_RATE_LIMIT, SKY_READ_RATE_LIMIT
 * or NAME_READ_RATE_LIMIT wins, to try the production limits.
 */
export const LOCAL_SIGN_IN_LIMIT = 10_000

/**
 * The account of anvil's mnemonic whose key the local API relays players' writes with, paying their gas: past the
 * ten anvil funds and the Safes' owners, so that no test wallet or script sends from it and takes its nonces. The
 * stack gives it `LOCAL_RELAYER_BALANCE`.
 */
export const LOCAL_RELAYER_ACCOUNT = 20
export const LOCAL_RELAYER_BALANCE = 10n ** 21n // 1,000 ETH
/** What the local relayer may spend a day, in ether, for one client and in all; a player's budget is Sepolia's. */
const LOCAL_RELAY_DAILY_ETH = '100'

/** Sepolia's public JSON-RPC endpoint, for a local stack's API when the shell names no node of its own. */
export const PUBLIC_SEPOLIA_RPC_URL = 'https://ethereum-sepolia-rpc.publicnode.com'

/**
 * What the local stack charges, in wei: a sky, each chosen trait, a decoration token. A sky is free, as on Sepolia by
 * default, so that the game pays a new player's whole first mint (docs/decisions/sponsored-writes.md); the traits and
 * decorations keep a price, so that a paid write is played here too.
 */
export const LOCAL_PRICES = {
  basePrice: 0n,
  customizationPrice: 25n * 10n ** 14n, // 0.0025 ETH
  decorationPrice: 5n * 10n ** 15n, // 0.005 ETH
} as const

const root = fileURLToPath(new URL('../..', import.meta.url))
const serverDir = join(root, 'server')
const webDir = join(root, 'web')
const viteBin = join(dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json')), 'bin/vite.js')

export type ServiceName = 'anvil' | 'indexer' | 'api' | 'web'

/**
 * - `dev`: Vite dev server with hot reload on `webPort`, proxying /api to the API.
 * - `preview`: the web app is built for the local chain while the contracts deploy (into the stack's temporary folder,
 *   not web/dist), then served by `vite preview` on `webPort`.
 * - `production`: built the same way, then served by the API itself (`webPort` unused); one origin, the way
 *   it runs in production — what the end-to-end tests use.
 */
export type StackMode = 'dev' | 'preview' | 'production'

export type StackOptions = {
  anvilPort: number
  apiPort: number
  /** Ignored in `production` mode. */
  webPort: number
  /** The indexer's port (Ponder's HTTP server); omitted or 0, a free one. */
  indexerPort?: number
  mode: StackMode
  /**
   * Folder of the API's embedded database (PGlite). Omitted: a fresh folder in the stack's own temporary
   * folder, so every run starts with no sessions.
   */
  dataDir?: string
  /**
   * Folder of the indexer's embedded database (PGlite). Emptied at every start: the local chain starts over, and an
   * index of the previous run's chain would describe blocks that no longer exist. Omitted: a folder in the stack's
   * temporary folder.
   */
  indexerDataDir?: string
  /**
   * Origins allowed to frame the app as a Safe App (a self-hosted Safe{Wallet}, say), passed to the API as
   * SAFE_ORIGINS and to the web app as VITE_SAFE_ORIGINS. Omitted: both use their default, Safe{Wallet}'s own.
   */
  safeOrigins?: string[]
  /**
   * The local chain's endpoint as the web app and the API call it, in place of anvil's own URL (a proxy in front of
   * anvil, say). The API's Content-Security-Policy lets browsers reach this one origin.
   */
  chainRpcUrl?: string
  /** A second endpoint the web app falls back on (VITE_LOCAL_FALLBACK_RPC_URL), on the same origin. */
  chainFallbackRpcUrl?: string
  /**
   * The WalletConnect relay the web app meets phone wallets on (VITE_WALLETCONNECT_RELAY_URL, and the API's
   * WALLETCONNECT_RELAY_URL for its Content-Security-Policy): the tests' stand-in. Omitted: the public relay.
   */
  walletConnectRelayUrl?: string
  /**
   * The indexer's URL as the API calls it (INDEXER_URL), in place of the indexer's own (a proxy in front of it that a
   * test can cut, say). Omitted: the indexer's own URL.
   */
  apiIndexerUrl?: string
  /**
   * The local chain's endpoint as the indexer calls it (INDEXER_RPC_URLS), in place of anvil's own URL (a proxy in
   * front of anvil that a test can stall, so the indexer falls behind the chain, say). Omitted: anvil's own URL.
   */
  indexerRpcUrl?: string
  /** Receives every output line of the services, and the stack's own progress as `stack`. */
  log?: (source: ServiceName | 'build' | 'stack', line: string) => void
  /** Aborting during startup stops whatever already started and rejects. */
  signal?: AbortSignal
}

export type ServiceExit = { service: ServiceName; code: number | null; signal: NodeJS.Signals | null }

export type Stack = {
  mode: StackMode
  chainId: number
  rpcUrl: string
  apiUrl: string
  /** The indexer's read routes (`/skies`, `/activity`, …) and Ponder's own (`/ready`, `/status`). */
  indexerUrl: string
  /** Where a person opens the app; the API's origin in `production` mode. */
  webUrl: string
  /** Origins the API accepts for sign-in: `webUrl` by its `127.0.0.1` and its `localhost` name. */
  appOrigins: string[]
  /** Folder of the API's embedded database. */
  dataDir: string
  deployment: Deployment
  /** The Safe contracts and two Safes to try the app as a Safe App: a 1-of-1 (account 10), a 2-of-2 (11 and 12). */
  safes: LocalSafes
  /**
   * The local stand-in for ENS's Universal Resolver (contracts/solidity/test/LocalUniversalResolver.sol), where the
   * API looks names up (ENS_RPC_URL is anvil's): any account may give itself a primary name and avatar there.
   */
  ensUniversalResolver: `0x${string}`
  /** Process id of each service (a process group leader, except anvil); the indexer's current one after a restart. */
  pids: Partial<Record<ServiceName, number>>
  /**
   * Resolves when a service exits without `stop()` having been called; for the indexer, only once it has kept exiting
   * (it is restarted on its database, with a back-off, until then).
   */
  exited: Promise<ServiceExit>
  /** Stops every service and resolves once none of their processes is left. */
  stop: () => Promise<void>
}

/** A port the stack needs is taken; nothing was started. */
export class ServicePortInUseError extends Error {
  constructor(
    readonly service: ServiceName,
    readonly port: number,
  ) {
    super(`port ${port} is already in use (${service})`)
    this.name = 'ServicePortInUseError'
  }
}

/** A service failed to start; `output` holds its last lines. */
export class ServiceStartError extends Error {
  constructor(
    readonly service: ServiceName | 'build',
    message: string,
    readonly output: string[],
  ) {
    super(`${service}: ${message}${output.length ? `\n${output.join('\n')}` : ''}`)
    this.name = 'ServiceStartError'
  }
}

const exitText = (code: number | null, sig: NodeJS.Signals | null) => (sig ? `signal ${sig}` : `code ${code}`)

/** Starts anvil, deploys the contracts, builds the web app if the mode needs it, and starts the API and the web app. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const { anvilPort, apiPort, webPort, mode, signal: abort } = options
  const indexerPort = options.indexerPort || (await freePort())
  const webPortUsed = mode === 'production' ? apiPort : webPort
  // A person may type either name; the API checks the sign-in message's origin against both.
  const appOrigins = [`http://localhost:${webPortUsed}`, `http://127.0.0.1:${webPortUsed}`]
  const log = options.log ?? (() => {})
  const ports: [ServiceName, number][] = [
    ['anvil', anvilPort],
    ['api', apiPort],
    ['indexer', indexerPort],
  ]
  if (mode !== 'production') ports.push(['web', webPort])
  const { chainRpcUrl, chainFallbackRpcUrl } = options
  if (
    chainFallbackRpcUrl &&
    new URL(chainFallbackRpcUrl).origin !== new URL(chainRpcUrl ?? `http://127.0.0.1:${anvilPort}`).origin
  ) {
    throw new Error(`the fallback RPC URL ${chainFallbackRpcUrl} is not on the origin of the chain's first endpoint`)
  }
  for (const [service, port] of ports) {
    if (ports.some(([other, p]) => p === port && other !== service)) {
      throw new Error(`${service} and another service were both given port ${port}`)
    }
    if (!(await isPortFree(port))) throw new ServicePortInUseError(service, port)
  }

  const tails: Record<ServiceName | 'build', string[]> = { anvil: [], indexer: [], api: [], web: [], build: [] }
  const record = (source: ServiceName | 'build', line: string) => {
    const tail = tails[source]
    tail.push(line)
    if (tail.length > 30) tail.shift()
    log(source, line)
  }

  let stopping = false
  // The build goes here rather than web/dist, so runs side by side (or a developer's own build) never
  // overwrite each other; removed by stop().
  const runDir = mkdtempSync(join(tmpdir(), 'chainellation-stack-'))
  const webDist = join(runDir, 'web')
  const dataDir = options.dataDir ?? join(runDir, 'pglite')
  mkdirSync(dataDir, { recursive: true })
  const indexerDataDir = options.indexerDataDir ?? join(runDir, 'indexer')
  rmSync(indexerDataDir, { recursive: true, force: true })
  mkdirSync(indexerDataDir, { recursive: true })
  // Both databases begin as a copy of an empty one rather than from PGlite's initdb (src/pglite-template.ts), while
  // anvil starts and the contracts deploy; the API's is left as it is when it holds one already.
  const seeded = Promise.all([seedPgliteDir(dataDir, 'server'), seedPgliteDir(indexerDataDir, 'indexer')])
  // Awaited before the indexer starts; a step failing before then must not leave it unhandled.
  seeded.catch(() => {})
  let anvil: Anvil | undefined
  let anvilBinaries: number[] = []
  const groups = new Map<ServiceName | 'build', ChildProcess>()
  let reportExit: (exit: ServiceExit) => void = () => {}
  const exited = new Promise<ServiceExit>((resolve) => {
    reportExit = resolve
  })

  // Last resort if our process dies without stop(): take the groups down with us.
  const killOnExit = () => {
    for (const child of groups.values()) if (child.pid) signal(-child.pid, 'SIGKILL')
    for (const pid of anvilBinaries) signal(pid, 'SIGKILL')
    if (anvil?.process.pid) signal(anvil.process.pid, 'SIGKILL')
    rmSync(runDir, { recursive: true, force: true })
  }
  process.on('exit', killOnExit)

  let indexerRuns: Supervised | undefined
  const stop = async () => {
    stopping = true
    indexerRuns?.release()
    await Promise.all([...groups.values()].map((child) => (child.pid ? stopGroup(child.pid) : Promise.resolve())))
    if (anvil) {
      await anvil.stop()
      // When startAnvil falls back to the npm launcher, it forwards SIGTERM and exits without waiting for anvil.
      if (!(await waitGone(anvilBinaries, 5000))) for (const pid of anvilBinaries) signal(pid, 'SIGKILL')
      await waitGone(anvilBinaries, 2000)
    }
    process.off('exit', killOnExit)
    rmSync(runDir, { recursive: true, force: true })
  }

  const checkAbort = () => {
    if (abort?.aborted) throw new Error('startup aborted')
  }

  const spawnService = (
    service: ServiceName | 'build',
    args: string[],
    cwd: string,
    env: NodeJS.ProcessEnv,
    { supervised = false } = {},
  ) => {
    const child = spawnGroup(process.execPath, args, { cwd, env: { ...process.env, ...env } })
    groups.set(service, child)
    forEachLine(child, (line) => record(service, line))
    child.once('exit', (code, sig) => {
      if (!stopping && service !== 'build' && !supervised) reportExit({ service, code, signal: sig })
    })
    return child
  }

  const waitUntilAnswers = async (service: ServiceName, url: string, child: ChildProcess, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      checkAbort()
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new ServiceStartError(
          service,
          `exited with ${exitText(child.exitCode, child.signalCode)} before answering`,
          tails[service],
        )
      }
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
        if (res.ok) return
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new ServiceStartError(service, `no answer at ${url} within ${timeoutMs / 1000} s`, tails[service])
      await sleep(100)
    }
  }

  /** Builds the web app into the stack's folder (`preview` and `production`). */
  const buildWeb = async (env: NodeJS.ProcessEnv) => {
    log('stack', 'building the web app')
    const build = spawnService('build', [viteBin, 'build', '--outDir', webDist, '--emptyOutDir'], webDir, env)
    const [code, sig] = (await new Promise((resolve) => build.once('exit', (...a) => resolve(a)))) as [
      number | null,
      NodeJS.Signals | null,
    ]
    groups.delete('build')
    if (code !== 0) throw new ServiceStartError('build', `vite build failed with ${exitText(code, sig)}`, tails.build)
  }

  try {
    log('stack', `starting anvil on port ${anvilPort}`)
    anvil = await startAnvil({
      port: anvilPort,
      chainId: LOCAL_CHAIN_ID,
      log: new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n')) if (line.trim()) record('anvil', line)
          done()
        },
      }),
    })
    anvilBinaries = descendants(anvil.process.pid ?? 0)
    anvil.process.once('exit', (code, sig) => {
      if (!stopping) reportExit({ service: 'anvil', code, signal: sig })
    })
    checkAbort()

    // Set only when given, so the services' own defaults (or the shell's SAFE_ORIGINS) apply otherwise.
    const safeOrigins = options.safeOrigins?.join(',')
    // The web app adds the local chain (and its RPC) only when told to; a plain build is Sepolia's.
    const chainUrl = chainRpcUrl ?? anvil.rpcUrl
    const webEnv = {
      VITE_LOCAL_CHAIN: 'true',
      VITE_LOCAL_RPC_URL: chainUrl,
      ...(chainFallbackRpcUrl === undefined ? {} : { VITE_LOCAL_FALLBACK_RPC_URL: chainFallbackRpcUrl }),
      ...(safeOrigins === undefined ? {} : { VITE_SAFE_ORIGINS: safeOrigins }),
      ...(options.walletConnectRelayUrl === undefined
        ? {}
        : { VITE_WALLETCONNECT_RELAY_URL: options.walletConnectRelayUrl }),
    }
    // The build runs while the contracts deploy: it needs the chain's address, not the deployment's. It takes the
    // contract addresses from the recorded module, which a deploy to a fresh local chain finds as it would write it;
    // should the deploy have changed it, the app is built again once it has (see below).
    const addressModule = deploymentsOverride() ?? generatedDeploymentsPath
    const addressesBuiltWith = mode === 'dev' ? '' : readFileSync(addressModule, 'utf8')
    const built = mode === 'dev' ? Promise.resolve() : buildWeb(webEnv)
    // Awaited once the indexer has started; a step failing before then must not leave it unhandled.
    built.catch(() => {})

    log('stack', 'deploying the contracts')
    // Prices like a real launch's, so the pages show and charge them; the local accounts hold plenty.
    const deployment = await deployAll({ rpcUrl: anvil.rpcUrl, ...LOCAL_PRICES })
    checkAbort()

    const relayer = anvilAccount(LOCAL_RELAYER_ACCOUNT).address
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({
      address: relayer,
      value: LOCAL_RELAYER_BALANCE,
    })
    log('stack', `the relayer of players' gas is ${relayer}`)

    log('stack', 'deploying the Safe contracts and the local Safes')
    const safes = await deployLocalSafes({
      rpcUrl: anvil.rpcUrl,
      deployer: anvilAccount(0),
      log: (line) => log('stack', line),
    })
    checkAbort()

    log('stack', 'deploying the local ENS stand-in')
    const ensUniversalResolver = await deployLocalUniversalResolver({
      rpcUrl: anvil.rpcUrl,
      deployer: anvilAccount(0),
      log: (line) => log('stack', line),
    })
    checkAbort()

    // Ponder indexes the new chain while the web app builds; the API waits for both.
    const indexerUrl = `http://127.0.0.1:${indexerPort}`
    await seeded
    log('stack', `starting the indexer on port ${indexerPort}`)
    const indexerRpcUrl = options.indexerRpcUrl ?? anvil.rpcUrl
    const startIndexer = () =>
      spawnService(
        'indexer',
        ponderArgs('start', indexerPort, '--log-level', 'warn'),
        indexerDir,
        {
          // Ponder reads PORT before its --port flag; a shell's PORT is the API's.
          PORT: String(indexerPort),
          INDEXER_CHAIN_ID: String(LOCAL_CHAIN_ID),
          INDEXER_RPC_URLS: indexerRpcUrl,
          INDEXER_PGLITE_DIR: indexerDataDir,
          // Always its own PGlite here, whatever database a shell names for the API.
          DATABASE_URL: '',
          DATABASE_PRIVATE_URL: '',
          DATABASE_SCHEMA: 'public',
          INDEXER_POLLING_MS: '250',
        },
        { supervised: true },
      )
    // A crashed indexer is started again on its database, where it resumes from what it had indexed; only an indexer
    // that keeps crashing stops the stack (docs/decisions/indexer.md).
    indexerRuns = supervise({
      start: startIndexer,
      onRestart: (n, exit, delayMs) =>
        log(
          'stack',
          `the indexer exited unexpectedly (${exitText(exit.code, exit.signal)}); restart ${n} in ${delayMs / 1000} s, on its database`,
        ),
      onGiveUp: (exit) => {
        if (!stopping) reportExit({ service: 'indexer', ...exit })
      },
    })
    const indexer = indexerRuns.child

    await built
    if (mode !== 'dev' && readFileSync(addressModule, 'utf8') !== addressesBuiltWith) {
      log('stack', 'the deploy changed the recorded contract addresses: building the web app again')
      await buildWeb(webEnv)
    }
    checkAbort()

    await waitUntilAnswers('indexer', `${indexerUrl}/ready`, indexer, 90_000)
    checkAbort()

    const apiUrl = `http://127.0.0.1:${apiPort}`
    log('stack', `starting the API on port ${apiPort}`)
    const api = spawnService('api', ['--import', 'tsx', 'src/index.ts'], serverDir, {
      NODE_ENV: mode === 'production' ? 'production' : 'development',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      CHAIN_ID: String(LOCAL_CHAIN_ID),
      LOCAL_RPC_URL: chainUrl,
      // A local stack is no deployment: Sepolia's sign-ins may go through the public endpoint unless the shell
      // names a node, as the API demands in production mode.
      SEPOLIA_RPC_URL: process.env.SEPOLIA_RPC_URL || PUBLIC_SEPOLIA_RPC_URL,
      APP_ORIGINS: appOrigins.join(','),
      // Link previews (og:url, og:image) name the address the stack reports as the web app's, not localhost, which
      // may resolve to ::1 where nothing listens.
      PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN || `http://127.0.0.1:${webPortUsed}`,
      DATA_DIR: dataDir,
      INDEXER_URL: options.apiIndexerUrl ?? indexerUrl,
      WEB_DIST: webDist,
      NONCE_RATE_LIMIT: process.env.NONCE_RATE_LIMIT || String(LOCAL_SIGN_IN_LIMIT),
      VERIFY_RATE_LIMIT: process.env.VERIFY_RATE_LIMIT || String(LOCAL_SIGN_IN_LIMIT),
      SKY_READ_RATE_LIMIT: process.env.SKY_READ_RATE_LIMIT || String(LOCAL_SIGN_IN_LIMIT),
      SESSION_RATE_LIMIT: process.env.SESSION_RATE_LIMIT || String(LOCAL_SIGN_IN_LIMIT),
      DRAFT_WRITE_RATE_LIMIT: process.env.DRAFT_WRITE_RATE_LIMIT || String(LOCAL_SIGN_IN_LIMIT),
      ACCOUNT_DRAFT_WRITE_RATE_LIMIT: process.env.ACCOUNT_DRAFT_WRITE_RATE_LIMIT || String(LOCAL_SIGN_IN_LIMIT),
      NAME_READ_RATE_LIMIT: process.env.NAME_READ_RATE_LIMIT || String(LOCAL_SIGN_IN_LIMIT),
      RELAY_RATE_LIMIT: process.env.RELAY_RATE_LIMIT || String(LOCAL_SIGN_IN_LIMIT),
      // The game pays a player's gas here as it may on Sepolia, from a funded anvil account; a shell's key wins, and
      // RELAY_*_ETH set the budgets (docs/decisions/sponsored-writes.md).
      RELAYER_PRIVATE_KEY: process.env.RELAYER_PRIVATE_KEY || anvilPrivateKey(LOCAL_RELAYER_ACCOUNT),
      // Every browser reaches the local API from 127.0.0.1, one client for the API: it may spend the relayer's whole day.
      RELAY_CLIENT_DAILY_ETH: process.env.RELAY_CLIENT_DAILY_ETH || LOCAL_RELAY_DAILY_ETH,
      RELAY_DAILY_ETH: process.env.RELAY_DAILY_ETH || LOCAL_RELAY_DAILY_ETH,
      // The tests and benches make a new player per wallet, many a minute; production's limit is tried by setting it.
      RELAY_NEW_PLAYERS_PER_MINUTE: process.env.RELAY_NEW_PLAYERS_PER_MINUTE || String(LOCAL_SIGN_IN_LIMIT),
      // Its lines are read here by a person, in production mode too: one short line a request.
      LOG_FORMAT: process.env.LOG_FORMAT || 'pretty',
      // Names come from the stand-in on anvil itself, never through `chainRpcUrl`, which stands for the game's chain:
      // on a deployment they come from a mainnet node of their own.
      ENS_RPC_URL: anvil.rpcUrl,
      ENS_UNIVERSAL_RESOLVER: ensUniversalResolver,
      ...(safeOrigins === undefined ? {} : { SAFE_ORIGINS: safeOrigins }),
      // Reminders by Web Push: a key pair of this stack's own, unless the shell names one.
      ...(process.env.VAPID_PUBLIC_KEY ? {} : localVapidKeys()),
      ...(options.walletConnectRelayUrl === undefined
        ? {}
        : { WALLETCONNECT_RELAY_URL: options.walletConnectRelayUrl }),
    })
    await waitUntilAnswers('api', `${apiUrl}/api/health`, api)

    let webUrl = apiUrl
    if (mode !== 'production') {
      webUrl = `http://127.0.0.1:${webPort}`
      log('stack', `starting the web app (${mode === 'dev' ? 'vite dev server' : 'vite preview'}) on port ${webPort}`)
      const args = [
        viteBin,
        ...(mode === 'preview' ? ['preview', '--outDir', webDist] : []),
        '--host',
        '127.0.0.1',
        '--port',
        String(webPort),
        '--strictPort',
      ]
      const web = spawnService('web', args, webDir, { ...webEnv, API_URL: apiUrl })
      await waitUntilAnswers('web', `${webUrl}/`, web)
    }

    const runs = indexerRuns
    const pids: Partial<Record<ServiceName, number>> = {
      anvil: anvil.process.pid,
      get indexer() {
        return runs.child.pid
      },
    }
    for (const service of ['api', 'web'] as const) pids[service] = groups.get(service)?.pid
    return {
      mode,
      chainId: LOCAL_CHAIN_ID,
      rpcUrl: anvil.rpcUrl,
      apiUrl,
      indexerUrl,
      webUrl,
      appOrigins,
      dataDir,
      deployment,
      safes,
      ensUniversalResolver,
      pids,
      exited,
      stop,
    }
  } catch (error) {
    await stop()
    // Taken between our check and anvil's own: report it like the check would have.
    if (error instanceof PortInUseError) throw new ServicePortInUseError('anvil', error.port)
    throw error
  }
}
