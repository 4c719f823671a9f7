// Not imported by the server itself: what the relayer's tests share. A chain with the game deployed and the policy
// the API builds for it, requests signed for its forwarder as a wallet signs them, the API with a relayer on that
// chain, and a database whose relay tables start empty for each test.
import { chainellationForwarderAbi, forwarderDomain, forwardRequestTypes } from '@chainellation/contracts'
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import { deployAll } from '@chainellation/contracts/deploy'
import {
  type Address,
  type Client,
  createPublicClient,
  type Hex,
  type HttpTransportConfig,
  http,
  type LocalAccount,
  parseEther,
  type Transport,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { getBlock, readContract } from 'viem/actions'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createApp } from '../src/app'
import type { RelayConfig } from '../src/config'
import type { Database, DatabaseHandle } from '../src/db'
import { relaySpend, relayTransactions, relayWelcomes } from '../src/db/schema'
import type { RelayBudgets } from '../src/relay/budgets'
import type { RelayPolicy, RelayRequest } from '../src/relay/policy'
import { type PrepareOptions, prepareRelay } from '../src/relay/prepare'
import { createRelayer } from '../src/relay/relayer'
import type { RelaySender } from '../src/relay/sender'
import { openTestDatabase } from './database'

/** Budgets no test meets unless it sets one of them lower. */
export const ROOMY_BUDGETS: RelayBudgets = {
  playerWei: 10n ** 17n,
  clientWei: 10n ** 18n,
  allWei: 10n ** 19n,
  newcomersWei: 10n ** 19n,
  newPlayersPerMinute: 1_000,
}

/** The relayer's settings with the defaults' budgets, for tests of the route; the key is never used to sign. */
export const TEST_RELAY_CONFIG: RelayConfig = {
  privateKey: `0x${'11'.repeat(32)}`,
  budgets: {
    playerWei: parseEther('0.005'),
    clientWei: parseEther('0.02'),
    allWei: parseEther('0.5'),
    newcomersWei: parseEther('0.25'),
    newPlayersPerMinute: 1_000,
  },
  gasCap: 300_000n,
  minBalanceWei: parseEther('0.05'),
}

export type ForwardRequestOptions = {
  chainId: number
  forwarder: Address
  /** The game's contract it calls, and the call. */
  to: Address
  data: Hex
  /** A new account, with no ether, unless given. */
  player?: PrivateKeyAccount
  gas?: bigint
  /** Seconds from the chain's latest block. */
  deadlineIn?: number
  /** The signer's nonce on the forwarder, read from it unless given. */
  nonce?: bigint
}

/**
 * A request for the game's forwarder, signed by its player as a wallet signs it (EIP-712): as the relayer's functions
 * take it, and as the page posts it (numbers as decimal strings).
 */
export async function signForwardRequest(client: Client<Transport>, options: ForwardRequestOptions) {
  const { chainId, forwarder, to, data, gas = 200_000n, deadlineIn = 600 } = options
  const player = options.player ?? privateKeyToAccount(generatePrivateKey())
  const [block, nonce] = await Promise.all([
    getBlock(client),
    options.nonce ??
      readContract(client, {
        address: forwarder,
        abi: chainellationForwarderAbi,
        functionName: 'nonces',
        args: [player.address],
      }),
  ])
  const fields = { from: player.address, to, value: 0n, gas, deadline: Number(block.timestamp) + deadlineIn, data }
  const signature = await player.signTypedData({
    domain: forwarderDomain(chainId, forwarder),
    types: forwardRequestTypes,
    primaryType: 'ForwardRequest',
    message: { ...fields, nonce },
  })
  const request: RelayRequest = { ...fields, signature }
  return { player, nonce, request, body: { ...fields, value: '0', gas: gas.toString(), signature } }
}

/** The origin the relay tests' app is served from, which its writes name. */
export const RELAY_TEST_ORIGIN = 'http://localhost:5173'

/** The relayer's tables emptied: its spending, its transactions and the new players it welcomed. */
export async function clearRelayTables(db: Database) {
  await db.delete(relaySpend)
  await db.delete(relayTransactions)
  await db.delete(relayWelcomes)
}

/**
 * Registers a test file's database (in-memory PGlite, or TEST_DATABASE_URL's server), its relay tables emptied
 * before each test; the returned object is filled in before the first test.
 */
export function useRelayDatabase(): { db: Database } {
  let handle: DatabaseHandle | undefined
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => {
    await handle?.close()
  })
  beforeEach(async () => {
    if (handle) await clearRelayTables(handle.db)
  })
  return {
    get db() {
      if (!handle) throw new Error('the database opens before the first test')
      return handle.db
    },
  }
}

/** What {@link RelayChain.sign} takes besides the call: the game's contract is called unless `to` says otherwise. */
export type SignOptions = Partial<Omit<ForwardRequestOptions, 'chainId' | 'forwarder' | 'data'>>

export type RelayAppOptions = {
  db: Database
  /** The relayer's account; without one the game pays no gas. */
  account?: LocalAccount
  /** The relayer's budgets over {@link TEST_RELAY_CONFIG}'s. */
  budgets?: Partial<RelayBudgets>
  /** Below this balance the relayer pauses ({@link TEST_RELAY_CONFIG}'s unless given). */
  minBalanceWei?: bigint
  /** The node the relayer sends through (default: the chain's own). */
  rpcUrl?: string
  /** The relayer's clock. */
  now?: () => Date
  /** 1 takes each request's client from X-Forwarded-For. */
  trustedProxies?: number
}

export type RelayChain = {
  /** anvil, the game deployed on it. */
  readonly anvil: Anvil
  readonly rpcUrl: string
  /** The game's contracts by name, as deployed. */
  readonly contracts: Record<string, Address>
  /** The policy the API builds for the deployment: its gas cap 300,000, deadlines within the hour. */
  readonly policy: RelayPolicy
  /** A client of the chain's node, or of the node at `url` (a proxy in front of it). */
  client: (url?: string, transport?: HttpTransportConfig) => ReturnType<typeof publicClient>
  /** A request for the game's contract (or `options.to`) to call `data`, as {@link signForwardRequest} signs it. */
  sign: (data: Hex, options?: SignOptions) => ReturnType<typeof signForwardRequest>
  /** The forwarder's nonce for `player`. */
  forwarderNonce: (player: Address) => Promise<bigint>
  /**
   * The API as the relay tests run it, on this chain, with a relayer that sends as `options.account` (none: the game
   * pays no gas) and its relay requests' rate limit out of the way.
   */
  app: (options: RelayAppOptions) => RelayApp
}

export type RelayApp = { app: ReturnType<typeof createApp>; relayer: ReturnType<typeof createRelayer> }

const publicClient = (url: string, transport?: HttpTransportConfig) =>
  createPublicClient({ chain: anvilChain, transport: http(url, transport) })

/**
 * Registers a test file's chain: anvil with the game deployed, started before the first test and stopped after the
 * last; the returned object reads it.
 */
export function useRelayChain(): RelayChain {
  let started: { anvil: Anvil; contracts: Record<string, Address> } | undefined
  beforeAll(async () => {
    const anvil = await startAnvil()
    const { contracts } = await deployAll({ rpcUrl: anvil.rpcUrl, writeBindings: false })
    started = { anvil, contracts: contracts as Record<string, Address> }
  })
  afterAll(async () => {
    await started?.anvil.stop()
  })
  const chain = () => {
    if (!started) throw new Error('the chain starts before the first test')
    return started
  }
  const fixture: RelayChain = {
    get anvil() {
      return chain().anvil
    },
    get rpcUrl() {
      return chain().anvil.rpcUrl
    },
    get contracts() {
      return chain().contracts
    },
    get policy() {
      const { contracts } = chain()
      return {
        chainId: anvilChain.id,
        forwarder: contracts.Forwarder as Address,
        contracts: { Chainellation: contracts.Chainellation as Address, Decorations: contracts.Decorations as Address },
        gasCap: 300_000n,
        maxDeadlineSeconds: 3_600,
      }
    },
    client: (url = fixture.rpcUrl, transport) => publicClient(url, transport),
    sign: (data, options = {}) =>
      signForwardRequest(fixture.client(), {
        chainId: anvilChain.id,
        forwarder: fixture.policy.forwarder,
        to: fixture.policy.contracts.Chainellation,
        data,
        ...options,
      }),
    forwarderNonce: (player) =>
      fixture.client().readContract({
        address: fixture.policy.forwarder,
        abi: chainellationForwarderAbi,
        functionName: 'nonces',
        args: [player],
      }),
    app: ({ db, account, budgets, minBalanceWei, rpcUrl = fixture.rpcUrl, now, trustedProxies }) => {
      const { contracts } = chain()
      const relayer =
        account &&
        createRelayer({
          config: {
            ...TEST_RELAY_CONFIG,
            budgets: { ...TEST_RELAY_CONFIG.budgets, ...budgets },
            minBalanceWei: minBalanceWei ?? TEST_RELAY_CONFIG.minBalanceWei,
          },
          chain: { chain: anvilChain, rpcUrl },
          contracts,
          db,
          account,
          now,
        })
      const app = createApp({
        config: {
          chainId: anvilChain.id,
          contracts,
          auth: { origins: [RELAY_TEST_ORIGIN], chains: [{ chain: anvilChain, rpcUrl: fixture.rpcUrl }] },
          relayRequests: { limit: 1_000, windowMs: 60_000 },
          ...(trustedProxies === undefined ? {} : { trustedProxies }),
        },
        db,
        relayer,
      })
      return { app, relayer }
    },
  }
  return fixture
}

/** Posts `body` to the relay route from the tests' page, with `headers` besides (X-Forwarded-For behind a proxy). */
export const postRelay = (app: RelayApp['app'], body: unknown, headers: Record<string, string> = {}) =>
  app.request('/api/relay', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: RELAY_TEST_ORIGIN, ...headers },
    body: JSON.stringify(body),
  })

/**
 * Prepares a signed request as the route does and sends it with `sender`, for its player on network `network`; the
 * transaction sent. Throws on a refusal at either step.
 */
export async function prepareAndSend(
  sender: RelaySender,
  prepare: PrepareOptions,
  { player, request }: { player: { address: Address }; request: RelayRequest },
  network = 'client-1',
) {
  const prepared = await prepareRelay(prepare, request)
  if ('code' in prepared) throw new Error(prepared.message)
  const sent = await sender.send(request, prepared, { player: player.address, client: network }, 'new')
  if ('code' in sent) throw new Error(sent.message)
  return sent
}
