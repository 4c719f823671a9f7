// The local stack (`npm start`, the end-to-end tests, the benches): anvil with the contracts, the Safes and an ENS
// stand-in deployed, the indexer on its own PGlite, the API, and the web app as the mode asks. Started, watched and
// stopped by the one runner (./runner.ts) the rehearsal uses too.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Anvil, freePort, isPortFree, PortInUseError, startAnvil } from '@chainellation/contracts/anvil'
import { deployAll } from '@chainellation/contracts/deploy'
import { deploymentsOverride, generatedDeploymentsPath } from '@chainellation/contracts/deployments-dir'
import { deployLocalUniversalResolver } from '@chainellation/contracts/ens'
import { anvilAccount, anvilPrivateKey, deployLocalSafes } from '@chainellation/contracts/safe'
import { indexerDir, ponderArgs } from '@chainellation/indexer/ponder-bin'
import { createTestClient, http } from 'viem'
import { seedPgliteDir } from './pglite-template'
import { descendants, signal, waitGone } from './processes'
import { createRunner, exitText, type Runner } from './runner'
import {
  LOCAL_CHAIN_ID,
  LOCAL_PRICES,
  LOCAL_RELAY_DAILY_ETH,
  LOCAL_RELAYER_ACCOUNT,
  LOCAL_RELAYER_BALANCE,
  LOCAL_SIGN_IN_LIMIT,
  PUBLIC_SEPOLIA_RPC_URL,
  type ServiceName,
  ServicePortInUseError,
  ServiceStartError,
  type Stack,
  type StackOptions,
} from './stack-options'
import { localVapidKeys } from './vapid'

export * from './stack-options'

const root = fileURLToPath(new URL('../..', import.meta.url))
const serverDir = join(root, 'server')
const webDir = join(root, 'web')
const viteBin = join(dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json')), 'bin/vite.js')

/** The stack's runner, and its own progress as `stack`. */
type Services = Runner<ServiceName | 'build'> & { say: (line: string) => void }

/** Refuses two services on one port, a port already taken, and a fallback RPC on another origin than the chain's. */
async function checkPorts(options: StackOptions, indexerPort: number) {
  const { anvilPort, apiPort, webPort, mode, chainRpcUrl, chainFallbackRpcUrl } = options
  const ports: [ServiceName, number][] = [
    ['anvil', anvilPort],
    ['api', apiPort],
    ['indexer', indexerPort],
  ]
  if (mode !== 'production') ports.push(['web', webPort])
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
}

/** Anvil on its port, watched: its exit ends the run; stopped after the services, with the binary it launched. */
async function startChain(services: Services, port: number) {
  services.say(`starting anvil on port ${port}`)
  const anvil: Anvil = await startAnvil({ port, chainId: LOCAL_CHAIN_ID, log: services.lines('anvil') })
  const binaries = descendants(anvil.process.pid ?? 0)
  services.watch('anvil', anvil.process)
  services.onStop(
    async () => {
      await anvil.stop()
      // When startAnvil falls back to the npm launcher, it forwards SIGTERM and exits without waiting for anvil.
      if (!(await waitGone(binaries, 5000))) for (const pid of binaries) signal(pid, 'SIGKILL')
      await waitGone(binaries, 2000)
    },
    () => {
      for (const pid of binaries) signal(pid, 'SIGKILL')
      if (anvil.process.pid) signal(anvil.process.pid, 'SIGKILL')
    },
  )
  services.checkAbort()
  return anvil
}

/** The game's contracts at launch prices, the relayer funded, the Safes and the ENS stand-in. */
async function deployContracts(services: Services, rpcUrl: string) {
  services.say('deploying the contracts')
  // Prices like a real launch's, so the pages show and charge them; the local accounts hold plenty.
  const deployment = await deployAll({ rpcUrl, ...LOCAL_PRICES })
  services.checkAbort()

  const relayer = anvilAccount(LOCAL_RELAYER_ACCOUNT).address
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
    address: relayer,
    value: LOCAL_RELAYER_BALANCE,
  })
  services.say(`the relayer of players' gas is ${relayer}`)

  services.say('deploying the Safe contracts and the local Safes')
  const safes = await deployLocalSafes({ rpcUrl, deployer: anvilAccount(0), log: services.say })
  services.checkAbort()

  services.say('deploying the local ENS stand-in')
  const ensUniversalResolver = await deployLocalUniversalResolver({
    rpcUrl,
    deployer: anvilAccount(0),
    log: services.say,
  })
  services.checkAbort()
  return { deployment, safes, ensUniversalResolver }
}

/** The indexer on its PGlite, restarted on its database when it crashes (docs/decisions/indexer.md). */
function startIndexer(services: Services, port: number, rpcUrl: string, dataDir: string) {
  services.say(`starting the indexer on port ${port}`)
  const env = {
    // Ponder reads PORT before its --port flag; a shell's PORT is the API's.
    PORT: String(port),
    INDEXER_CHAIN_ID: String(LOCAL_CHAIN_ID),
    INDEXER_RPC_URLS: rpcUrl,
    INDEXER_PGLITE_DIR: dataDir,
    // Always its own PGlite here, whatever database a shell names for the API.
    DATABASE_URL: '',
    DATABASE_PRIVATE_URL: '',
    DATABASE_SCHEMA: 'public',
    INDEXER_POLLING_MS: '250',
  }
  // Only an indexer that keeps crashing stops the stack.
  return services.service('indexer', ponderArgs('start', port, '--log-level', 'warn'), indexerDir, env, {
    supervised: true,
    onRestart: (n, exit, delayMs) =>
      services.say(
        `the indexer exited unexpectedly (${exitText(exit)}); restart ${n} in ${delayMs / 1000} s, on its database`,
      ),
  })
}

/** A shell's value, or the local stack's. */
const shellOr = (name: string, local: string) => process.env[name] || local

/** The local API's settings: the local chain and indexer, limits raised for tests, a funded relayer of its own. */
function localApiEnv(
  options: StackOptions,
  at: { chainUrl: string; anvilUrl: string; indexerUrl: string; dataDir: string; webDist: string; ens: string },
) {
  const webPort = options.mode === 'production' ? options.apiPort : options.webPort
  const limit = String(LOCAL_SIGN_IN_LIMIT)
  const limits = [
    'NONCE_RATE_LIMIT',
    'VERIFY_RATE_LIMIT',
    'SKY_READ_RATE_LIMIT',
    'SESSION_RATE_LIMIT',
    'DRAFT_WRITE_RATE_LIMIT',
    'ACCOUNT_DRAFT_WRITE_RATE_LIMIT',
    'NAME_READ_RATE_LIMIT',
    'RELAY_RATE_LIMIT',
    // The tests and benches make a new player per wallet, many a minute; production's limit is tried by setting it.
    'RELAY_NEW_PLAYERS_PER_MINUTE',
  ]
  return {
    NODE_ENV: options.mode === 'production' ? 'production' : 'development',
    HOST: '127.0.0.1',
    PORT: String(options.apiPort),
    CHAIN_ID: String(LOCAL_CHAIN_ID),
    LOCAL_RPC_URL: at.chainUrl,
    // A local stack is no deployment: Sepolia's sign-ins may go through the public endpoint unless the shell
    // names a node, as the API demands in production mode.
    SEPOLIA_RPC_URL: shellOr('SEPOLIA_RPC_URL', PUBLIC_SEPOLIA_RPC_URL),
    // A person may type either name; the API checks the sign-in message's origin against both.
    APP_ORIGINS: `http://localhost:${webPort},http://127.0.0.1:${webPort}`,
    // Link previews (og:url, og:image) name the address the stack reports as the web app's, not localhost, which
    // may resolve to ::1 where nothing listens.
    PUBLIC_ORIGIN: shellOr('PUBLIC_ORIGIN', `http://127.0.0.1:${webPort}`),
    DATA_DIR: at.dataDir,
    INDEXER_URL: options.apiIndexerUrl ?? at.indexerUrl,
    WEB_DIST: at.webDist,
    ...Object.fromEntries(limits.map((name) => [name, shellOr(name, limit)])),
    // The game pays a player's gas here as it may on Sepolia, from a funded anvil account; a shell's key wins, and
    // RELAY_*_ETH set the budgets (docs/decisions/sponsored-writes.md).
    RELAYER_PRIVATE_KEY: shellOr('RELAYER_PRIVATE_KEY', anvilPrivateKey(LOCAL_RELAYER_ACCOUNT)),
    // Every browser reaches the local API from 127.0.0.1, one client for the API: it may spend the relayer's whole day.
    RELAY_CLIENT_DAILY_ETH: shellOr('RELAY_CLIENT_DAILY_ETH', LOCAL_RELAY_DAILY_ETH),
    RELAY_DAILY_ETH: shellOr('RELAY_DAILY_ETH', LOCAL_RELAY_DAILY_ETH),
    // Its lines are read here by a person, in production mode too: one short line a request.
    LOG_FORMAT: shellOr('LOG_FORMAT', 'pretty'),
    // Names come from the stand-in on anvil itself, never through `chainRpcUrl`, which stands for the game's chain:
    // on a deployment they come from a mainnet node of their own.
    ENS_RPC_URL: at.anvilUrl,
    ENS_UNIVERSAL_RESOLVER: at.ens,
    ...(options.safeOrigins === undefined ? {} : { SAFE_ORIGINS: options.safeOrigins.join(',') }),
    // Reminders by Web Push: a key pair of this stack's own, unless the shell names one.
    ...(process.env.VAPID_PUBLIC_KEY ? {} : localVapidKeys()),
    ...(options.walletConnectRelayUrl === undefined ? {} : { WALLETCONNECT_RELAY_URL: options.walletConnectRelayUrl }),
  }
}

/** The web app's build settings: it adds the local chain (and its RPC) only when told to; a plain build is Sepolia's. */
const localWebEnv = (options: StackOptions, chainUrl: string) => ({
  VITE_LOCAL_CHAIN: 'true',
  VITE_LOCAL_RPC_URL: chainUrl,
  ...(options.chainFallbackRpcUrl === undefined ? {} : { VITE_LOCAL_FALLBACK_RPC_URL: options.chainFallbackRpcUrl }),
  // Set only when given, so the services' own defaults (or the shell's SAFE_ORIGINS) apply otherwise.
  ...(options.safeOrigins === undefined ? {} : { VITE_SAFE_ORIGINS: options.safeOrigins.join(',') }),
  ...(options.walletConnectRelayUrl === undefined
    ? {}
    : { VITE_WALLETCONNECT_RELAY_URL: options.walletConnectRelayUrl }),
})

/** The web app as the mode serves it: Vite's dev server, or `vite preview` of the stack's build. */
async function startWeb(services: Services, options: StackOptions, env: NodeJS.ProcessEnv, webDist: string) {
  const { mode, webPort } = options
  const webUrl = `http://127.0.0.1:${webPort}`
  services.say(`starting the web app (${mode === 'dev' ? 'vite dev server' : 'vite preview'}) on port ${webPort}`)
  const preview = mode === 'preview' ? ['preview', '--outDir', webDist] : []
  const args = [viteBin, ...preview, '--host', '127.0.0.1', '--port', String(webPort), '--strictPort']
  const web = services.service('web', args, webDir, env)
  await services.answers('web', `${webUrl}/`)
  return { webUrl, pid: web.pid() }
}

/** Starts anvil, deploys the contracts, builds the web app if the mode needs it, and starts the API and the web app. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const { anvilPort, apiPort, mode } = options
  const indexerPort = options.indexerPort || (await freePort())
  await checkPorts(options, indexerPort)
  const log = options.log ?? (() => {})
  const services: Services = Object.assign(
    createRunner<ServiceName | 'build'>({
      log,
      signal: options.signal,
      startError: (service, reason, output) => new ServiceStartError(service, reason, output),
    }),
    { say: (line: string) => log('stack', line) },
  )
  // The build goes here rather than web/dist, so runs side by side (or a developer's own build) never
  // overwrite each other; removed by stop().
  const runDir = mkdtempSync(join(tmpdir(), 'chainellation-stack-'))
  services.onStop(
    () => rmSync(runDir, { recursive: true, force: true }),
    () => rmSync(runDir, { recursive: true, force: true }),
  )
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
  const stop = () => services.stop()

  try {
    const anvil = await startChain(services, anvilPort)
    const chainUrl = options.chainRpcUrl ?? anvil.rpcUrl
    const webEnv = localWebEnv(options, chainUrl)
    // The build runs while the contracts deploy: it needs the chain's address, not the deployment's. It takes the
    // contract addresses from the recorded module, which a deploy to a fresh local chain finds as it would write it;
    // should the deploy have changed it, the app is built again once it has (see below).
    const addressModule = deploymentsOverride() ?? generatedDeploymentsPath
    const addressesBuiltWith = mode === 'dev' ? '' : readFileSync(addressModule, 'utf8')
    const buildWeb = () => {
      services.say('building the web app')
      return services.step('build', [viteBin, 'build', '--outDir', webDist, '--emptyOutDir'], webDir, webEnv)
    }
    const built = mode === 'dev' ? Promise.resolve() : buildWeb()
    // Awaited once the indexer has started; a step failing before then must not leave it unhandled.
    built.catch(() => {})

    const { deployment, safes, ensUniversalResolver } = await deployContracts(services, anvil.rpcUrl)

    // Ponder indexes the new chain while the web app builds; the API waits for both.
    const indexerUrl = `http://127.0.0.1:${indexerPort}`
    await seeded
    const indexer = startIndexer(services, indexerPort, options.indexerRpcUrl ?? anvil.rpcUrl, indexerDataDir)
    await built
    if (mode !== 'dev' && readFileSync(addressModule, 'utf8') !== addressesBuiltWith) {
      services.say('the deploy changed the recorded contract addresses: building the web app again')
      await buildWeb()
    }
    services.checkAbort()
    await services.answers('indexer', `${indexerUrl}/ready`, 90_000)
    services.checkAbort()

    const apiUrl = `http://127.0.0.1:${apiPort}`
    services.say(`starting the API on port ${apiPort}`)
    const env = localApiEnv(options, {
      chainUrl,
      anvilUrl: anvil.rpcUrl,
      indexerUrl,
      dataDir,
      webDist,
      ens: ensUniversalResolver,
    })
    const api = services.service('api', ['--import', 'tsx', 'src/index.ts'], serverDir, env)
    await services.answers('api', `${apiUrl}/api/health`)
    const web =
      mode === 'production' ? undefined : await startWeb(services, options, { ...webEnv, API_URL: apiUrl }, webDist)

    const pids: Partial<Record<ServiceName, number>> = {
      anvil: anvil.process.pid,
      get indexer() {
        return indexer.pid()
      },
      api: api.pid(),
      web: web?.pid,
    }
    return {
      mode,
      chainId: LOCAL_CHAIN_ID,
      rpcUrl: anvil.rpcUrl,
      apiUrl,
      indexerUrl,
      webUrl: web?.webUrl ?? apiUrl,
      appOrigins: env.APP_ORIGINS.split(','),
      dataDir,
      deployment,
      safes,
      ensUniversalResolver,
      pids,
      exited: services.exited.then(({ name, code, signal }) => ({ service: name as ServiceName, code, signal })),
      stop,
    }
  } catch (error) {
    await stop()
    // Taken between our check and anvil's own: report it like the check would have.
    if (error instanceof PortInUseError) throw new ServicePortInUseError('anvil', error.port)
    throw error
  }
}
