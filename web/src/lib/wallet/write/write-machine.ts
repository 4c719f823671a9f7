import type SafeAppsSDK from '@safe-global/safe-apps-sdk'
import type {
  Abi,
  Address,
  ContractFunctionArgs,
  ContractFunctionName,
  ContractFunctionParameters,
  Hash,
  TransactionReceipt,
} from 'viem'
import type { Config } from 'wagmi'
import {
  getAccount,
  getClient,
  sendCalls,
  simulateContract,
  waitForCallsStatus,
  watchAccount,
  writeContract,
} from 'wagmi/actions'
import { errorMessage, isUserRejection, outcomeSentences, walletErrorMessage } from '../utils/error-message'
import { type SafeProgress, trackSafeTransaction } from '../utils/safe-app'
import { type PendingWrite, pendingKey, readPending, savePending } from './pending-write'
import { watchTransaction } from './transaction-outcome'

/** Where a write is: the button's label follows it. */
export type WriteState =
  | { status: 'idle' }
  | { status: 'confirming' }
  /** `hash` is the chain transaction's, or while `safe` is set, the Safe transaction's (not yet on chain). */
  | { status: 'pending'; hash: Hash; safe?: SafeProgress }
  | { status: 'success'; hash: Hash; receipt: TransactionReceipt }
  /**
   * `payGas`: the game would not pay this write's gas (its relayer refused it, and `message` says why); `payGas()`
   * sends it again from the wallet, which pays.
   */
  | { status: 'error'; message: string; hash?: Hash; payGas?: boolean }

type Writable = 'nonpayable' | 'payable'

/**
 * A contract write, in viem's terms (the `{ address, abi, functionName, args }` of wagmi's contract calls) and the
 * value it pays; the account and chain are the wallet's of the moment.
 */
export type WriteRequest<
  abi extends Abi = Abi,
  functionName extends ContractFunctionName<abi, Writable> = ContractFunctionName<abi, Writable>,
  args extends ContractFunctionArgs<abi, Writable, functionName> = ContractFunctionArgs<abi, Writable, functionName>,
> = ContractFunctionParameters<abi, Writable, functionName, args> & { value?: bigint }

/** A write once its arguments are checked. */
export type Call = { address: Address; abi: Abi; functionName: string; args: readonly unknown[]; value?: bigint }

/** A request as a call: checked against its ABI at the call site, from here on any function of any ABI. */
const callOf = ({
  address,
  abi,
  functionName,
  args,
  value,
}: {
  address: Address
  abi: Abi
  functionName: string
  args?: unknown
  value?: bigint
}): Call => ({
  address,
  abi,
  functionName,
  args: Array.isArray(args) ? args : [],
  value,
})

/** A refusal of the relayer's, with its sentence for the page (which ends with the way to pay the gas yourself). */
export class RelayRefusal extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
    this.name = 'RelayRefusal'
  }
}

/**
 * The game paying a write's gas (ERC-2771, docs/decisions/sponsored-writes.md): asked before each write whether it
 * covers this one, and then sending it in place of the wallet.
 */
export type Sponsor = {
  /** Whether the game pays the gas of `owner`'s `call`. */
  covers(owner: { address: Address; chainId: number }, call: Call): Promise<boolean>
  /**
   * Has the player sign `call` and the game's relayer send it; resolves with the relayed transaction's hash, or
   * throws the relayer's refusal (`RelayRefusal`, whose sentence the page shows) or the wallet's error.
   */
  send(owner: { address: Address; chainId: number }, call: Call): Promise<Hash>
}

/** Its line in the recent transactions: fixed, or written from the simulated return value (a mint's id). */
export type Description = string | ((result: unknown) => string)

/** Where one write is, for a notification: every state it passes through, and its line once known. */
export type WriteUpdate = {
  /** The same for every update of one write (unique in the page). */
  key: string
  /** The chain it is sent on. */
  chainId: number
  description?: string
  state: WriteState
}

/** A transaction for the wallet's list of recent transactions (RainbowKit's `useAddRecentTransaction` argument). */
export type RecentTransaction = { hash: Hash; description: string }

export type WriteMachineOptions = {
  config: Config
  /**
   * Names this kind of write so a pending one survives a reload: its hash is kept in `storage` per account and
   * chain, and followed again when that account is next on that chain.
   */
  resumeKey?: string
  storage?: Storage
  /** Files a transaction in the wallet's recent transactions. */
  record?: (transaction: RecentTransaction) => void
  /** Refreshes what the write changed; awaited before the outcome is shown. */
  refresh?: () => Promise<unknown>
  /**
   * The description the mined receipt bears out. A description may name what the simulation foresaw (the id a
   * mint would get); another player's transaction mined first changes that, and the record is put right.
   */
  describeMined?: (receipt: TransactionReceipt, description: string) => string
  /** The Safe Apps SDK that follows a Safe transaction, when the wallet is a Safe. */
  safeSdk?: () => Promise<SafeAppsSDK>
  /** Told of every state each write passes through, whichever account it belongs to (for notifications). */
  onUpdate?: (update: WriteUpdate) => void
  /** The game paying the gas, where it does; without it every write is sent from the wallet. */
  sponsor?: Sponsor
}

/** The account and chain a write is made for; its state is shown only while the wallet is on them. */
type Owner = { address: Address; chainId: number; key: string }

const ownerOf = (address: Address, chainId: number): Owner => ({
  address,
  chainId,
  key: `${chainId}:${address.toLowerCase()}`,
})

export const IDLE: WriteState = { status: 'idle' }

/**
 * How long a batch's status is asked for before the page gives up on it: a smart wallet's bundler usually lands one
 * within a block or two; a Safe's batch is followed through Safe{Wallet} instead, however long its owners take.
 */
const BATCH_WAIT_MS = 120_000

/** Numbers each write, across every machine of the page: later writes have larger numbers. */
let lastId = 0
const nextId = () => ++lastId

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
  const {
    config,
    resumeKey,
    record = () => {},
    refresh = async () => {},
    describeMined,
    safeSdk,
    onUpdate,
    sponsor,
  } = options
  const storage = () => options.storage ?? globalThis.localStorage
  let slots: Record<string, { id: number; state: WriteState }> = {}
  const listeners = new Set<() => void>()
  /** Storage keys of pending writes being followed, so a resume does not follow one twice. */
  const following = new Set<string>()
  /** Ends the `write` promises in flight: called when the wallet moves to another account or chain. */
  const releases = new Set<() => void>()
  /** Each account's last write the game's relayer refused, which `payGas` sends from the wallet instead. */
  const refused = new Map<string, { call: Call; description: Description }>()

  const current = (): Owner | undefined => {
    const { address, chainId } = getAccount(config)
    return address && chainId ? ownerOf(address, chainId) : undefined
  }
  const isCurrent = (owner: Owner) => current()?.key === owner.key
  const storageKey = (owner: Owner) => resumeKey && pendingKey(resumeKey, owner.chainId, owner.address)

  /** Sets `owner`'s state, unless a later write of theirs has taken over. */
  const update = (owner: Owner, id: number, state: WriteState, description?: string) => {
    onUpdate?.({ key: `${owner.key}#${id}`, chainId: owner.chainId, description, state })
    if ((slots[owner.key]?.id ?? -1) > id) return
    slots = { ...slots, [owner.key]: { id, state } }
    for (const listener of listeners) listener()
  }

  /**
   * The transaction a wallet put a batch of calls on chain with, by the batch's status (EIP-5792
   * `wallet_getCallsStatus`), asked until it is final. A batch the wallet gave up on before the chain has none.
   */
  async function batchTransaction(owner: Owner, id: string): Promise<Hash> {
    const { status, receipts } = await waitForCallsStatus(config, { id, timeout: BATCH_WAIT_MS })
    const last = receipts?.at(-1)
    // Reverted on chain, the transaction is followed too, and its revert said in the usual words.
    if (last) return last.transactionHash
    if (!isCurrent(owner)) throw new Error('The wallet moved on before the batch was on chain.')
    throw new Error(
      status === 'failure'
        ? 'Your wallet could not put these changes on chain. Nothing was changed.'
        : 'Your wallet did not say where these changes went. Check its activity before you try again.',
    )
  }

  /** Follows a sent write to its outcome; resolves with the receipt when it succeeded. */
  async function follow(owner: Owner, id: number, pending: PendingWrite): Promise<TransactionReceipt | undefined> {
    const set = (state: WriteState) => update(owner, id, state, pending.description)
    const key = storageKey(owner)
    if (key) following.add(key)
    let hash: Hash | undefined = pending.hash
    try {
      if (pending.calls !== undefined) {
        // The wallet puts the batch on chain; its status names the transaction once it is there (EIP-5792).
        set({ status: 'confirming' })
        hash = await batchTransaction(owner, pending.calls)
        if (pending.description && isCurrent(owner)) record({ hash, description: pending.description })
      } else if (pending.safe) {
        const safeTxHash = pending.hash
        set({ status: 'pending', hash: safeTxHash })
        if (!safeSdk) throw new Error('The app cannot follow a Safe transaction here.')
        hash = await trackSafeTransaction(await safeSdk(), safeTxHash, {
          onProgress: (safe) => set({ status: 'pending', hash: safeTxHash, safe }),
        })
        // A Safe transaction's hash is not a chain transaction's: it joins the list once executed.
        if (pending.description && isCurrent(owner)) record({ hash, description: pending.description })
      }
      if (!hash) throw new Error('The app has no transaction to follow for this write.')
      set({ status: 'pending', hash })
      // The bare client: watchTransaction imports the viem actions it uses, where a public client would bring every
      // public action (~26 KB gzip) into the page's wallet code.
      const client = getClient(config, { chainId: owner.chainId })
      if (!client) throw new Error('The app does not know the chain this transaction was sent on.')
      const outcome = await watchTransaction(client, {
        hash,
        sent: pending.safe || pending.calls !== undefined ? undefined : pending.sent,
        onSeen: (sent) => {
          if (key && !pending.safe && pending.calls === undefined) savePending(storage(), key, { ...pending, sent })
        },
      })
      if (outcome.kind !== 'dropped') await refresh()
      switch (outcome.kind) {
        case 'mined': {
          const minedHash = outcome.receipt.transactionHash
          const written = pending.description
          const description = written && (describeMined?.(outcome.receipt, written) ?? written)
          // Sped up in the wallet, the replacement is the transaction that did the work; a record naming what did
          // not happen is filed again (by its hash) under the words that did.
          if (description && isCurrent(owner) && (outcome.sped || description !== written))
            record({ hash: minedHash, description })
          update(owner, id, { status: 'success', hash: minedHash, receipt: outcome.receipt }, description)
          return outcome.receipt
        }
        case 'reverted':
          set({ status: 'error', hash, message: [outcomeSentences.reverted, outcome.reason].filter(Boolean).join(' ') })
          return undefined
        default:
          set({ status: 'error', hash, message: outcomeSentences[outcome.kind] })
          return undefined
      }
    } catch (error) {
      set({ status: 'error', message: errorMessage(error), hash })
      return undefined
    } finally {
      if (key) {
        storage().removeItem(key)
        following.delete(key)
      }
    }
  }

  /**
   * Simulates, sends and follows one write for `owner`: relayed when the game pays its gas (unless `ownGas`), from
   * the wallet otherwise.
   */
  async function send(owner: Owner, id: number, call: Call, description: Description, ownGas = false) {
    let text: string | undefined
    const set = (state: WriteState) => update(owner, id, state, text)
    let hash: Hash | undefined
    let asked = false
    try {
      set({ status: 'confirming' })
      const simulated = await simulateContract(config, { ...call, account: owner.address, chainId: owner.chainId })
      // The wallet switched while the call was checked: nothing is sent for an account or chain left behind.
      if (!isCurrent(owner)) {
        set(IDLE)
        return undefined
      }
      const sponsored = !ownGas && !!sponsor && (await sponsor.covers(owner, call))
      if (!isCurrent(owner)) {
        set(IDLE)
        return undefined
      }
      asked = true
      refused.delete(owner.key)
      try {
        hash = sponsored ? await sponsor.send(owner, call) : await writeContract(config, simulated.request)
      } catch (error) {
        if (error instanceof RelayRefusal) {
          refused.set(owner.key, { call, description })
          set({ status: 'error', message: error.message, payGas: true })
          return undefined
        }
        throw error
      }
      const viaSafe = !sponsored && getAccount(config).connector?.type === 'safe'
      text = typeof description === 'function' ? description(simulated.result) : description
      const pending: PendingWrite = { hash, description: text, ...(viaSafe && { safe: true as const }) }
      const key = storageKey(owner)
      if (key) savePending(storage(), key, pending)
      if (!viaSafe && isCurrent(owner)) record({ hash, description: text })
      return await follow(owner, id, pending)
    } catch (error) {
      // A rejection is not an error; nor is the wallet's answer about a request the player has since left.
      if (isUserRejection(error) || (asked && !isCurrent(owner))) set(IDLE)
      else set({ status: 'error', message: asked ? walletErrorMessage(error) : errorMessage(error), hash })
      return undefined
    }
  }

  /**
   * Simulates each of `calls`, then has the wallet send them as one atomic batch (EIP-5792 `wallet_sendCalls`) and
   * follows it: a Safe's batch as one Safe transaction (its MultiSend), another wallet's by the batch's status. The
   * wallet pays: the game's relayer sends one call per request.
   */
  async function sendBatch(owner: Owner, id: number, calls: readonly Call[], description: string) {
    const set = (state: WriteState) => update(owner, id, state, description)
    let asked = false
    try {
      set({ status: 'confirming' })
      for (const call of calls)
        await simulateContract(config, { ...call, account: owner.address, chainId: owner.chainId })
      if (!isCurrent(owner)) {
        set(IDLE)
        return undefined
      }
      asked = true
      refused.delete(owner.key)
      const { id: batch } = await sendCalls(config, {
        account: owner.address,
        chainId: owner.chainId,
        forceAtomic: true,
        calls: calls.map(({ address, abi, functionName, args, value }) => ({
          to: address,
          abi,
          functionName,
          args,
          ...(value && { value }),
        })),
      })
      const viaSafe = getAccount(config).connector?.type === 'safe'
      const pending: PendingWrite = viaSafe
        ? { hash: batch as Hash, safe: true, description }
        : { calls: batch, description }
      const key = storageKey(owner)
      if (key) savePending(storage(), key, pending)
      return await follow(owner, id, pending)
    } catch (error) {
      if (isUserRejection(error) || (asked && !isCurrent(owner))) set(IDLE)
      else set({ status: 'error', message: asked ? walletErrorMessage(error) : errorMessage(error) })
      return undefined
    }
  }

  /** A write of this kind left pending for the wallet's account and chain: follow it again. */
  function resume() {
    const owner = current()
    const key = owner && storageKey(owner)
    if (!owner || !key || following.has(key)) return
    const pending = readPending(storage(), key)
    if (pending) void follow(owner, nextId(), pending)
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

  let unwatch: (() => void) | undefined
  const start = () => {
    unwatch = watchAccount(config, {
      onChange: (account, previous) => {
        if (account.address === previous.address && account.chainId === previous.chainId) return
        // The wallet moved to another account or chain: whoever awaits a write of the old one stops waiting.
        for (const release of releases) release()
        releases.clear()
        resume()
        for (const listener of listeners) listener()
      },
    })
    resume()
  }

  return {
    /** The state of the wallet's account and chain of the moment. */
    getState: (): WriteState => {
      const owner = current()
      return (owner && slots[owner.key]?.state) || IDLE
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
      return untilSwitched(send(owner, nextId(), callOf(request), description))
    },

    /**
     * Sends `requests` from the wallet's account on its chain as one atomic batch, for a wallet whose capabilities
     * say it can (`canBatch`, EIP-5792); resolves as `write` does, with the batch's receipt.
     */
    writeBatch(requests: readonly WriteRequest[], description: string): Promise<TransactionReceipt | undefined> {
      const owner = current()
      if (!owner || !requests.length) return Promise.resolve(undefined)
      return untilSwitched(sendBatch(owner, nextId(), requests.map(callOf), description))
    },

    /**
     * Sends the account's last write the game's relayer refused again, from the wallet, which pays its gas; resolves
     * as `write` does, at once with nothing when there is none.
     */
    payGas(): Promise<TransactionReceipt | undefined> {
      const owner = current()
      const last = owner && refused.get(owner.key)
      if (!owner || !last) return Promise.resolve(undefined)
      refused.delete(owner.key)
      return send(owner, nextId(), last.call, last.description, true)
    },

    /** Back to idle for the wallet's account and chain (a later write's outcome still shows). */
    reset() {
      const owner = current()
      if (owner) update(owner, nextId(), IDLE)
    },
  }
}

export type WriteMachine = ReturnType<typeof createWriteMachine>
