/** A cache's bounds: it never holds more than `maxEntries` values nor more than `maxBytes` of them together. */
export type CacheBounds = { maxEntries: number; maxBytes: number }

/**
 * A least-recently-used cache of byte buffers, bounded in count and in bytes: a read moves its entry to the back
 * (a Map iterates in insertion order), and a write evicts from the front until both bounds hold. A value larger
 * than `maxBytes` alone is not kept.
 */
export class BoundedCache {
  readonly #entries = new Map<string, Buffer>()
  #bytes = 0

  constructor(readonly bounds: CacheBounds) {}

  get(key: string): Buffer | undefined {
    const value = this.#entries.get(key)
    if (value === undefined) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, value)
    return value
  }

  set(key: string, value: Buffer): void {
    this.delete(key)
    if (value.byteLength > this.bounds.maxBytes || this.bounds.maxEntries < 1) return
    this.#entries.set(key, value)
    this.#bytes += value.byteLength
    for (const [oldest] of this.#entries) {
      if (this.#entries.size <= this.bounds.maxEntries && this.#bytes <= this.bounds.maxBytes) break
      this.delete(oldest)
    }
  }

  delete(key: string): void {
    const value = this.#entries.get(key)
    if (value === undefined) return
    this.#entries.delete(key)
    this.#bytes -= value.byteLength
  }

  get size() {
    return this.#entries.size
  }

  get bytes() {
    return this.#bytes
  }
}
