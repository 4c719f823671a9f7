import { existsSync } from 'node:fs'
import { freePort } from '@chainellation/contracts/anvil'
import { startStack } from '@chainellation/scripts/stack'
import { startRelayStandIn } from '@chainellation/scripts/walletconnect-relay'
import { startIndexerProxy } from './indexer-proxy'
import { startIndexerRpcProxy } from './indexer-rpc-proxy'
import { startPushServiceStandIn } from './push-service'
import { startRpcProxy } from './rpc-proxy'
import { startParentServer } from './safe-parent'
import { STACK_ENV } from './stack-env'

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  return [...ports]
}

/**
 * Starts the real stack (anvil, deployed contracts, the API serving the web app built for the local chain)
 * once for all tests, with a fresh database folder.
 */
export default async function globalSetup() {
  const [anvilPort = 0, apiPort = 0, webPort = 0, parentPort = 0, strangerPort = 0, indexerPort = 0] =
    await distinctFreePorts(6)
  // The tests' Safe{Wallet} stand-in, from an origin the app lets frame it, and the same page from one it does not.
  const safeParentOrigin = `http://127.0.0.1:${parentPort}`
  const strangerParentOrigin = `http://127.0.0.1:${strangerPort}`
  const stopParentServer = await startParentServer([parentPort, strangerPort])
  // The app reaches the chain through a proxy that only passes requests on, at two paths: the first endpoint and
  // the fallback. Tests of faults route a page's requests for either to a proxy of their own that plays the fault.
  const chainProxy = await startRpcProxy({ upstream: `http://127.0.0.1:${anvilPort}` })
  const chainRpcUrl = chainProxy.url
  const chainFallbackRpcUrl = `${chainProxy.url}/fallback`
  // The API reaches the indexer through a proxy that a test can cut (support/indexer.ts), so the gallery's fallback is
  // tried with the indexer really not answering.
  const indexerProxy = await startIndexerProxy({ upstream: `http://127.0.0.1:${indexerPort}` })
  // And the indexer reaches the chain through one that a test can stall (support/indexer.ts), so the gallery's note of
  // an index behind the chain is tried with the indexer really behind.
  const indexerRpcProxy = await startIndexerRpcProxy({ upstream: `http://127.0.0.1:${anvilPort}` })
  // Phone wallets meet the app on the tests' WalletConnect relay: the public one is out of reach.
  const walletConnectRelay = await startRelayStandIn()
  // Reminders go to the tests' push service, Chromium's own being out of reach too. The API (which takes the
  // environment of this process) may send to it besides the browsers' own, and plans its schedule every 2 s rather than
  // every 30 s, so a reminder comes within seconds of its moment on the chain's clock.
  const pushService = await startPushServiceStandIn()
  process.env.PUSH_SERVICE_ORIGINS = pushService.url
  process.env.REMINDER_PLAN_SECONDS ||= '2'
  // A player's day of free gas a tenth of Sepolia's: at the local chain's near-empty blocks a relayed mint costs so
  // little that Sepolia's day held some fifty of them, and the test that spends one sent them one round trip after
  // another past its budget on a slow machine. The budget's rules are the same at any size.
  process.env.RELAY_PLAYER_DAILY_ETH ||= '0.0005'
  const closeProxies = () =>
    Promise.all([
      chainProxy.close(),
      indexerProxy.close(),
      indexerRpcProxy.close(),
      walletConnectRelay.close(),
      pushService.close(),
    ])
  const stack = await startStack({
    anvilPort,
    apiPort,
    webPort,
    indexerPort,
    apiIndexerUrl: indexerProxy.url,
    indexerRpcUrl: indexerRpcProxy.url,
    mode: 'production',
    safeOrigins: ['https://app.safe.global', safeParentOrigin],
    chainRpcUrl,
    chainFallbackRpcUrl,
    walletConnectRelayUrl: walletConnectRelay.url,
    log: (source, line) => {
      if (source === 'stack') process.stdout.write(`[stack] ${line}\n`)
    },
  }).catch(async (error: unknown) => {
    await Promise.all([stopParentServer(), closeProxies()])
    throw error
  })
  // Workers start after global setup and inherit this environment.
  process.env[STACK_ENV] = JSON.stringify({
    webUrl: stack.webUrl,
    rpcUrl: chainRpcUrl,
    fallbackRpcUrl: chainFallbackRpcUrl,
    anvilUrl: stack.rpcUrl,
    indexerProxy: { url: indexerProxy.url },
    indexerRpcProxy: { url: indexerRpcProxy.url },
    indexerUrl: stack.indexerUrl,
    chainId: stack.chainId,
    dataDir: stack.dataDir,
    contracts: stack.deployment.contracts,
    safes: stack.safes,
    ensUniversalResolver: stack.ensUniversalResolver,
    safeParentOrigin,
    strangerParentOrigin,
    walletConnectRelayUrl: walletConnectRelay.url,
    pushServiceUrl: pushService.url,
  })
  return async () => {
    await Promise.all([stack.stop(), stopParentServer(), closeProxies()])
    if (existsSync(stack.dataDir)) throw new Error(`the stack left its database folder behind: ${stack.dataDir}`)
  }
}
