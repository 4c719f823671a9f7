// Primary names and avatars of addresses, and addresses of names, from ENS on Ethereum mainnet (or the local
// stand-in, contracts/solidity/test/LocalUniversalResolver.sol), kept in one cache for every player. See
// docs/decisions/names.md.
import { LRUCache } from 'lru-cache'
import { type Address, createPublicClient, getAddress, http } from 'viem'
import { getEnsAddress, getEnsAvatar, getEnsName } from 'viem/actions'
import { mainnet } from 'viem/chains'
import { normalize } from 'viem/ens'
import type { NamesConfig } from '../config'

/** An address as the API answers it: EIP-55 checksummed, with its verified primary name and its avatar, if any. */
export type AddressNames = { address: Address; name: string | null; avatar: string | null }

/** How long a looked-up name and avatar are kept, found or not. */
export const NAMES_TTL_MS = 24 * 60 * 60 * 1000

/** Addresses kept at most; each entry is well under 1 KiB unless its avatar is a data URL (at most 64 KiB). */
export const DEFAULT_NAMES_CACHE_ENTRIES = 10_000

/** Longest https avatar URL passed on. */
export const MAX_AVATAR_URL_LENGTH = 2048

/** Largest data-URL avatar passed on, in bytes. */
export const MAX_AVATAR_DATA_BYTES = 64 * 1024

/** Image types a data-URL avatar may have: the ones every browser draws in `<img>`. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/i

/** The ENS node did not answer (or answered nonsense); nothing is cached, so a later lookup asks again. */
export class NamesUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The ENS node did not answer.', { cause })
    this.name = 'NamesUnavailableError'
  }
}

/**
 * The avatar as the browser may load it through `<img>`: an https URL (≤ 2,048 characters), or a data URL of an image
 * type (≤ 64 KiB); anything else (http:, javascript:, ipfs: left unresolved, a data URL of HTML) is dropped. An SVG
 * shown through `<img>` runs no script and loads nothing.
 */
export function displayableAvatar(uri: string | null): string | null {
  if (uri === null) return null
  if (DATA_IMAGE.test(uri)) return Buffer.byteLength(uri) <= MAX_AVATAR_DATA_BYTES ? uri : null
  if (!URL.canParse(uri)) return null
  const url = new URL(uri)
  return url.protocol === 'https:' && url.href.length <= MAX_AVATAR_URL_LENGTH ? url.href : null
}

/** `name` normalized by ENSIP-15, or null when it cannot be (a forbidden character, an empty label…). */
export function normalizedName(name: string): string | null {
  try {
    return normalize(name)
  } catch {
    return null
  }
}

export type NamesOptions = {
  /** Where names are looked up; unset, every address has no name and nothing is asked. */
  config?: NamesConfig
  maxEntries?: number
  /** The clock entries age by, in milliseconds (default the process's monotonic clock); tests move it. */
  now?: () => number
}

export type Names = {
  /** Whether a node is configured. */
  enabled: boolean
  /** The primary name and avatar of `address`, from the cache or the node; rejects with {@link NamesUnavailableError}. */
  lookup: (address: Address) => Promise<AddressNames>
  /** The address `name` resolves to, or null for a name that is invalid, unknown or has none; uncached. */
  addressOf: (name: string) => Promise<Address | null>
}

/**
 * Looks names up on the Universal Resolver (ENSIP-10, ENSIP-19) of `config.rpcUrl`'s chain: mainnet's own (viem's
 * `ensUniversalResolver`) unless `config.universalResolver` names another. Answers, found or not, are kept for
 * {@link NAMES_TTL_MS} in an LRU cache of `maxEntries`; concurrent lookups of one address share one request.
 */
export function ensNames({ config, maxEntries = DEFAULT_NAMES_CACHE_ENTRIES, now }: NamesOptions = {}): Names {
  if (!config) {
    return {
      enabled: false,
      lookup: async (address) => ({ address: getAddress(address), name: null, avatar: null }),
      addressOf: async () => null,
    }
  }
  // One attempt more on a closed connection or a timeout, then the caller hears the node did not answer.
  const client = createPublicClient({
    chain: mainnet,
    transport: http(config.rpcUrl, { timeout: 5_000, retryCount: 1 }),
  })
  const at = config.universalResolver ? { universalResolverAddress: config.universalResolver } : {}

  const primaryNameOf = async (address: Address): Promise<string | null> => {
    // The Universal Resolver resolves the reverse record's name forward and reverts ReverseAddressMismatch unless it
    // names `address` back (ENSIP-19); viem answers null for that revert.
    const name = await getEnsName(client, { address, ...at })
    // The forward check ran on the name's labels as stored, so only a name already normalized (ENSIP-15) is the
    // name that was checked; one that normalizes to something else, or not at all, is no name.
    return name !== null && normalizedName(name) === name ? name : null
  }

  const lookUp = async (address: Address): Promise<AddressNames> => {
    try {
      const name = await primaryNameOf(address)
      // ENSIP-12: the `avatar` text record, resolved by viem to a URL (NFT avatars through the NFT's metadata).
      const avatar = name === null ? null : displayableAvatar(await getEnsAvatar(client, { name, ...at }))
      return { address, name, avatar }
    } catch (error) {
      throw new NamesUnavailableError(error)
    }
  }

  const cache = new LRUCache<Address, AddressNames>({
    max: maxEntries,
    ttl: NAMES_TTL_MS,
    // A clock of the caller's, read on every check rather than once a millisecond as by default.
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    // lru-cache shares one in-flight fetch per key, and a rejected one is not kept.
    fetchMethod: lookUp,
  })

  return {
    enabled: true,
    lookup: async (address) => {
      const found = await cache.fetch(getAddress(address))
      if (!found) throw new NamesUnavailableError(undefined)
      return found
    },
    addressOf: async (name) => {
      const normalized = normalizedName(name)
      if (!normalized) return null
      try {
        return await getEnsAddress(client, { name: normalized, ...at })
      } catch (error) {
        throw new NamesUnavailableError(error)
      }
    },
  }
}
