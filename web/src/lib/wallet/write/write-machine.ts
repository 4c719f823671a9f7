import type { Abi, ContractFunctionName, TransactionReceipt } from 'viem'
import { watchAccount } from 'wagmi/actions'
import { whenIdle } from '@/lib/idle'
import { pendingState, readPending } from './pending-write'
import { callOf, type Description, type Writable, type WriteRequest } from './write-call'
import { nextId, type WriteMachineOptions, writeContext } from './write-context'
import { IDLE, type WriteState } from './write-state'

/**
 * The steps of a write (write-steps.ts), fetched once: a page without a connected wallet never sends one, and they are
 * most of the write's code (viem's preparing, signing and sending, ~15 kB gzip; docs/decisions/first-use.md).
 */
let steps: Promise<typeof import('./write-steps')> | undefined
export const writeSteps = () => {
  steps ??= import('./write-steps').catch((error: unknown) => {
    // A failed fetch (the network, a new deployment) is tried again by the next write.
    steps = undefined
    throw error
  })
  return steps
}

/** How long a connected wallet's page waits for an idle moment before it fetches the steps of a write anyway. */
const STEPS_IDLE_TIMEOUT_MS = 2000

/**
 * The one path every write in the app takes, without React (in the manner of RainbowKit's transaction store):
 * simulate (a revert becomes a sentence before the wallet opens) → write → record in the recent transactions →
 * follow to the outcome → refresh what it changed. A user rejection quietly returns to idle; a wallet still showing
 * an earlier request (-32002) is named.
 *
 * A write belongs to the account and chain it was made on: when the wallet switches either, `getState` gives the
 * new account's own state and `write` resolves at once, while the old write is still followed to its end. The wait
 * ends in bounded time: a transaction mined and reverted, sped up, cancelled or replaced in the wallet, or dropped by
 * the network each end in their own sentence.
 *
 * From a Safe (the app running as a Safe App), the write returns a Safe transaction hash: the machine follows it
 * through Safe{Wallet} — "awaiting other owners' signatures" while the threshold is not met — and goes on with the
 * chain transaction once the Safe has executed it.
 *
 * While anyone is subscribed, it watches the wallet's account and chain, and picks up a write of this kind left
 * pending for them (by an earlier visit, or before the wallet switched away).
 */
export function createWriteMachine(options: WriteMachineOptions) {
  const ctx = writeContext(options)
  const { current, listeners } = ctx
  /** Ends the `write` promises in flight: called when the wallet moves to another account or chain. */
  const releases = new Set<() => void>()

  /** A write of this kind left pending for the wallet's account and chain: follow it again. */
  function resume() {
    const owner = current()
    const key = owner && ctx.storageKey(owner)
    if (!owner || !key || ctx.following.has(key)) return
    const pending = readPending(ctx.storage(), key)
    if (!pending) return
    // Marked at once, so that a second resume while the steps are fetched does not follow it twice; and shown at once.
    ctx.following.add(key)
    const id = nextId()
    ctx.update(owner, id, pendingState(pending), pending.description)
    writeSteps().then(
      ({ follow }) => follow(ctx, owner, id, pending),
      (error: unknown) => {
        ctx.following.delete(key)
        ctx.update(owner, id, { status: 'error', message: fetchFailed(error), hash: pending.hash })
      },
    )
  }

  /** A wallet is connected: it can write, so fetch what a write does before the player asks for one. */
  function readyToWrite() {
    if (current()) whenIdle(() => void writeSteps().catch(() => {}), STEPS_IDLE_TIMEOUT_MS)
  }

  /** `sent`, or nothing at once should the wallet move to another account or chain first (see `releases`). */
  function untilSwitched(sent: Promise<TransactionReceipt | undefined>): Promise<TransactionReceipt | undefined> {
    let release = () => {}
    const released = new Promise<undefined>((resolve) => {
      release = () => resolve(undefined)
    })
    releases.add(release)
    return Promise.race([sent, released]).finally(() => releases.delete(release))
  }

  /** `run` with the steps of a write; should they not be fetched, the write ends in an error that says so. */
  function withSteps(
    owner: NonNullable<ReturnType<typeof current>>,
    id: number,
    run: (loaded: Awaited<ReturnType<typeof writeSteps>>) => Promise<TransactionReceipt | undefined>,
  ): Promise<TransactionReceipt | undefined> {
    return writeSteps().then(run, (error: unknown) => {
      ctx.update(owner, id, { status: 'error', message: fetchFailed(error) })
      return undefined
    })
  }

  let unwatch: (() => void) | undefined
  const start = () => {
    unwatch = watchAccount(ctx.config, {
      onChange: (account, previous) => {
        if (account.address === previous.address && account.chainId === previous.chainId) return
        // The wallet moved to another account or chain: whoever awaits a write of the old one stops waiting.
        for (const release of releases) release()
        releases.clear()
        resume()
        readyToWrite()
        for (const listener of listeners) listener()
      },
    })
    resume()
    readyToWrite()
  }

  return {
    /** The state of the wallet's account and chain of the moment. */
    getState: (): WriteState => {
      const owner = current()
      return (owner && ctx.stateOf(owner)) || IDLE
    },

    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      if (listeners.size === 1) start()
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) unwatch?.()
      }
    },

    /**
     * Sends `request` from the wallet's account on its chain; resolves with the receipt once mined, or with nothing
     * when it failed, was rejected, or the wallet moved to another account or chain meanwhile.
     */
    write<const abi extends Abi, functionName extends ContractFunctionName<abi, Writable>>(
      request: WriteRequest<abi, functionName>,
      description: Description,
    ): Promise<TransactionReceipt | undefined> {
      const owner = current()
      if (!owner) return Promise.resolve(undefined)
      const id = nextId()
      return untilSwitched(withSteps(owner, id, ({ send }) => send(ctx, owner, id, callOf(request), description)))
    },

    /**
     * Sends `requests` from the wallet's account on its chain as one atomic batch, for a wallet whose capabilities
     * say it can (`canBatch`, EIP-5792); resolves as `write` does, with the batch's receipt.
     */
    writeBatch(requests: readonly WriteRequest[], description: string): Promise<TransactionReceipt | undefined> {
      const owner = current()
      if (!owner || !requests.length) return Promise.resolve(undefined)
      const id = nextId()
      return untilSwitched(
        withSteps(owner, id, ({ sendBatch }) => sendBatch(ctx, owner, id, requests.map(callOf), description)),
      )
    },

    /**
     * Sends the account's last write the game's relayer refused again, from the wallet, which pays its gas; resolves
     * as `write` does, at once with nothing when there is none.
     */
    payGas(): Promise<TransactionReceipt | undefined> {
      const owner = current()
      const last = owner && ctx.refused.get(owner.key)
      if (!owner || !last) return Promise.resolve(undefined)
      ctx.refused.delete(owner.key)
      const id = nextId()
      return withSteps(owner, id, ({ send }) => send(ctx, owner, id, last.call, last.description, true))
    },

    /** Back to idle for the wallet's account and chain (a later write's outcome still shows). */
    reset() {
      const owner = current()
      if (owner) ctx.update(owner, nextId(), IDLE)
    },
  }
}

export type WriteMachine = ReturnType<typeof createWriteMachine>

const fetchFailed = (error: unknown) =>
  `The page could not fetch what it needs to send this (${error instanceof Error ? error.message : String(error)}). Check your connection and try again.`
