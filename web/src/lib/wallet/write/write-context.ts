import type SafeAppsSDK from '@safe-global/safe-apps-sdk'
import type { Address, TransactionReceipt } from 'viem'
import type { Config } from 'wagmi'
import { getAccount } from 'wagmi/actions'
import { pendingKey } from './pending-write'
import type { Sponsor } from './sponsored-write'
import type { Call, Description } from './write-call'
import type { RecentTransaction, WriteState, WriteUpdate } from './write-state'

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
export type Owner = { address: Address; chainId: number; key: string }

const ownerOf = (address: Address, chainId: number): Owner => ({
  address,
  chainId,
  key: `${chainId}:${address.toLowerCase()}`,
})

/** Numbers each write, across every machine of the page: later writes have larger numbers. */
let lastId = 0
export const nextId = () => ++lastId

/** What the parts of one write machine share: its options, the wallet's owner of the moment, and each owner's state. */
export type WriteContext = Pick<WriteMachineOptions, 'config' | 'describeMined' | 'safeSdk' | 'sponsor'> & {
  record: (transaction: RecentTransaction) => void
  refresh: () => Promise<unknown>
  storage: () => Storage
  /** The wallet's account and chain of the moment, if it is connected. */
  current: () => Owner | undefined
  isCurrent: (owner: Owner) => boolean
  /** Where `owner`'s pending write of this kind is kept, for a machine whose writes survive a reload. */
  storageKey: (owner: Owner) => string | undefined
  /** Sets `owner`'s state, unless a later write of theirs has taken over. */
  update: (owner: Owner, id: number, state: WriteState, description?: string) => void
  /** `owner`'s state, if they wrote. */
  stateOf: (owner: Owner) => WriteState | undefined
  /** Called at every change of state shown. */
  listeners: Set<() => void>
  /** Storage keys of pending writes being followed, so a resume does not follow one twice. */
  following: Set<string>
  /** Each account's last write the game's relayer refused, which `payGas` sends from the wallet instead. */
  refused: Map<string, { call: Call; description: Description }>
}

/** The shared part of a write machine made with `options`, without a write yet. */
export function writeContext(options: WriteMachineOptions): WriteContext {
  const { config, resumeKey, record = () => {}, refresh = async () => {}, onUpdate } = options
  let slots: Record<string, { id: number; state: WriteState }> = {}
  const listeners = new Set<() => void>()
  const current = (): Owner | undefined => {
    const { address, chainId } = getAccount(config)
    return address && chainId ? ownerOf(address, chainId) : undefined
  }
  return {
    config,
    describeMined: options.describeMined,
    safeSdk: options.safeSdk,
    sponsor: options.sponsor,
    record,
    refresh,
    storage: () => options.storage ?? globalThis.localStorage,
    current,
    isCurrent: (owner) => current()?.key === owner.key,
    storageKey: (owner) => resumeKey && pendingKey(resumeKey, owner.chainId, owner.address),
    update: (owner, id, state, description) => {
      onUpdate?.({ key: `${owner.key}#${id}`, chainId: owner.chainId, description, state })
      if ((slots[owner.key]?.id ?? -1) > id) return
      slots = { ...slots, [owner.key]: { id, state } }
      for (const listener of listeners) listener()
    },
    stateOf: (owner) => slots[owner.key]?.state,
    listeners,
    following: new Set(),
    refused: new Map(),
  }
}
