import { createClient, http, type LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { getBalance } from 'viem/actions'
import type { RelayConfig, SignInChain } from '../config'
import type { ContractAddresses } from '../contracts'
import type { Database } from '../db'
import { type Spender, standingOf, unwelcome, welcome } from './budgets'
import { type RelayFigures, relayRefusals, relayRequests } from './metrics'
import { canonicalSignature, type Refusal, type RelayPolicy, type RelayRequest, refuse } from './policy'
import { prepareRelay } from './prepare'
import { createRelaySender, type Sent } from './sender'

// The relayer as the API runs it (docs/decisions/sponsored-writes.md): the checks, the budgets and the sending put
// together for the game's chain, and a keeper that, every few seconds, settles, rebroadcasts or replaces what it
// sent and reads its balance for the health answer and the metrics.

/** How long a signed request may be kept before it is relayed: its deadline may be at most this far off. */
export const MAX_DEADLINE_SECONDS = 3_600

/** How often the keeper goes over what the relayer sent. */
export const KEEP_EVERY_MS = 2_000

export type { RelayFigures }

export type RelayerOptions = {
  config: RelayConfig
  /** The game's chain and the node the relayer sends through. */
  chain: SignInChain
  contracts: ContractAddresses
  db: Database
  now?: () => Date
  /** Told of what goes wrong in the background (a failed broadcast, a keeper round that threw). */
  onError?: (error: unknown, what: string) => void
  /** For tests: the account that pays, instead of one made from the configured key. */
  account?: LocalAccount
}

/** Counts a refusal by its code and by its finer reason, and hands it on. */
function refused(refusal: Refusal): Refusal {
  relayRequests.inc({ outcome: refusal.code })
  relayRefusals.inc({ reason: refusal.reason })
  return refusal
}

/** The relayer for the game's chain, or nothing when the game has no forwarder there. */
export function createRelayer(options: RelayerOptions) {
  const { config, chain, contracts, db, now = () => new Date(), onError = () => {} } = options
  const { Forwarder, Chainellation, Decorations } = contracts
  if (!Forwarder || !Chainellation || !Decorations) return undefined
  const policy: RelayPolicy = {
    chainId: chain.chain.id,
    forwarder: Forwarder,
    contracts: { Chainellation, Decorations },
    gasCap: config.gasCap,
    maxDeadlineSeconds: MAX_DEADLINE_SECONDS,
  }
  // The bare client: the relayer imports the actions it uses.
  const client = createClient({ chain: chain.chain, transport: http(chain.rpcUrl, { timeout: 10_000 }) })
  const account = options.account ?? privateKeyToAccount(config.privateKey)
  const sender = createRelaySender({
    db,
    client,
    account,
    chainId: policy.chainId,
    forwarder: policy.forwarder,
    budgets: config.budgets,
    now,
    onBroadcastError: (error) => onError(error, 'a relayed transaction’s broadcast failed; it is tried again'),
  })
  let figures: RelayFigures = {
    on: true,
    address: account.address,
    floorWei: config.minBalanceWei,
    paused: false,
    queued: 0,
  }
  /** When the oldest transaction out was first sent, as the keeper last read it. */
  let oldestQueued: Date | undefined

  /** One keeper round: what was sent, kept; then the balance and the queue read for the figures. */
  async function keep() {
    await sender.keep()
    const [balanceWei, queued, oldest] = await Promise.all([
      getBalance(client, { address: account.address }),
      sender.queued(),
      sender.oldestQueued(),
    ])
    figures = { ...figures, balanceWei, queued, paused: balanceWei < config.minBalanceWei }
    oldestQueued = oldest
  }

  let timer: NodeJS.Timeout | undefined
  let round: Promise<void> | undefined

  return {
    policy,
    /** Its figures, the oldest transaction's age counted now: it grows while no keeper round can settle it. */
    figures: (): RelayFigures =>
      oldestQueued ? { ...figures, oldestQueuedSeconds: (now().getTime() - oldestQueued.getTime()) / 1000 } : figures,
    keep,

    /**
     * Relays `request` for `spender`: the transaction already sent for it, or, once every check passes and its cost
     * is reserved, a new one; or the refusal, for the page. Its signature is taken in its canonical spelling, so that
     * the same request in another spelling is the same request.
     */
    async relay(signed: RelayRequest, spender: Spender): Promise<Sent | Refusal> {
      const signature = canonicalSignature(signed.signature)
      if (!signature)
        return refused(
          refuse('signature', 'This request’s signature is not one the game’s forwarder can read: sign it again.'),
        )
      const request = { ...signed, signature }
      const known = await sender.find(signature)
      if (known) {
        relayRequests.inc({ outcome: 'known' })
        return known
      }
      // A new player takes a place among the minute's before the node is asked anything: past them, a crowd costs
      // the node nothing. A request that is not sent gives its place back.
      const at = now()
      const standing = await standingOf(db, policy.chainId, request.from, at)
      let place: number | undefined
      if (standing === 'new') {
        const welcomed = await welcome(db, policy.chainId, request.from, config.budgets, at)
        if ('code' in welcomed) return refused(welcomed)
        place = welcomed.place
      }
      let outcome: Awaited<ReturnType<typeof sender.send>> | undefined
      try {
        const prepared = await prepareRelay(
          { client, policy, relayer: account.address, minBalanceWei: config.minBalanceWei },
          request,
        )
        if ('code' in prepared) {
          // The same request, sent by another call while this one was checked, may have been mined meanwhile (its
          // nonce then reads as used): it is answered with that transaction, not refused.
          const sent = await sender.find(signature)
          outcome = sent ? { ...sent, known: true } : prepared
        } else outcome = await sender.send(request, prepared, spender, standing)
      } finally {
        if (place !== undefined && (!outcome || 'code' in outcome || outcome.known)) await unwelcome(db, place)
      }
      if ('code' in outcome) return refused(outcome)
      const { known: again, ...sent } = outcome
      relayRequests.inc({ outcome: again ? 'known' : 'sent' })
      return sent
    },

    status: (id: number) => sender.status(id),

    /** Starts keeping every `everyMs`; a round never overlaps the one before. */
    start(everyMs = KEEP_EVERY_MS) {
      const tick = () => {
        round ??= keep()
          .catch((error: unknown) => onError(error, 'the relayer’s keeper round failed'))
          .finally(() => {
            round = undefined
          })
      }
      tick()
      timer = setInterval(tick, everyMs)
      timer.unref()
    },

    /** Stops keeping, once the round under way is done. */
    async stop() {
      clearInterval(timer)
      await round
    },
  }
}

export type Relayer = NonNullable<ReturnType<typeof createRelayer>>
