type Listener = () => void

/**
 * The latest block each chain mined a write of this page in: what an index of the chain must have reached before its
 * answers can show what the player just did (docs/decisions/gallery.md). A plain store with listeners, read through
 * `useSyncExternalStore`.
 */
export function minedBlocksStore() {
  const latest = new Map<number, bigint>()
  const listeners = new Set<Listener>()
  return {
    /** Records a write mined in `block` on `chainId`. */
    mined(chainId: number, block: bigint) {
      if ((latest.get(chainId) ?? -1n) >= block) return
      latest.set(chainId, block)
      for (const listener of listeners) listener()
    },
    /** The latest block a write of this page was mined in on `chainId`, if any. */
    latest(chainId: number | null | undefined): bigint | undefined {
      return chainId == null ? undefined : latest.get(chainId)
    },
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The app's one store, fed by every write's outcome (use-write-transaction.ts). */
export const minedBlocks = minedBlocksStore()
