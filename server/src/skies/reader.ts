import { chainellationAbi } from '@chainellation/contracts'
import { LRUCache } from 'lru-cache'
import { Counter } from 'prom-client'
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  createPublicClient,
  http,
  type PublicClient,
} from 'viem'
import type { SignInChain } from '../config'
import { contractsFor } from '../contracts'
import { log } from '../log'

/** Reads of a sky (its tokenURI and owner) that reached a chain's node: those the cache of skyReader did not answer. */
export const skyChainReads = new Counter({
  name: 'chainellation_sky_chain_reads_total',
  help: "Sky reads (tokenURI and ownerOf) made on a chain's node; reads answered from the cache are not counted.",
  labelNames: ['chain_id'] as const,
})

/** What the contract reverts with for an id no one minted, from tokenURI and ownerOf alike (ERC-721 has both throw). */
const NONEXISTENT_SKY = 'TokenDoesNotExist'

type ReadFailure = 'no-sky' | 'no-contract' | 'no-answer'

function failureOf(error: unknown): ReadFailure {
  if (!(error instanceof BaseError)) return 'no-answer'
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName === NONEXISTENT_SKY) return 'no-sky'
  // Empty return data from a call to a view with results: the recorded address holds no contract, as on a local
  // chain restarted without deploying.
  if (error.walk((e) => e instanceof ContractFunctionZeroDataError)) return 'no-contract'
  return 'no-answer'
}

/** Whether the chain answered `error` with a revert, or with nothing from an address without code: its answer. */
export const isChainAnswer = (error: unknown) =>
  error instanceof BaseError &&
  !!error.walk((e) => e instanceof ContractFunctionRevertedError || e instanceof ContractFunctionZeroDataError)

/** A node's failure in a line, without the RPC URL viem's full message names (a provider's key can be in its path). */
const summary = (error: unknown) =>
  error instanceof BaseError
    ? `${error.shortMessage}${error.details && error.details !== error.shortMessage ? ` (${error.details})` : ''}`
    : String(error)

/** What reading one sky came to. */
export type SkyRead =
  | { kind: 'found'; tokenUri: string; owner: Address }
  | { kind: 'no-sky' }
  /** The server reads no such chain; `reads` lists those it does. */
  | { kind: 'no-chain'; reads: string }
  | { kind: 'not-deployed'; chain: string }
  | { kind: 'no-answer' }

/** Each chain's name, and a client of its node with the game's address there, where the game is deployed. */
export function chainGames(chains: readonly SignInChain[]) {
  const names = new Map(chains.map(({ chain }) => [chain.id, `${chain.name} (${chain.id})`]))
  const reads = names.size ? `; it reads ${[...names.values()].join(' and ')}` : ''
  const games = new Map<number, { address: Address; decorations?: Address; client: PublicClient }>()
  for (const { chain, rpcUrl } of chains) {
    const { Chainellation: address, Decorations: decorations } = contractsFor(chain.id)
    if (!address) continue
    const client = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }) })
    games.set(chain.id, { address, decorations, client })
  }
  /** The game on `chainId`, or why there is none to read. */
  return (chainId: number) => {
    const name = names.get(chainId)
    if (!name) return { kind: 'no-chain' as const, reads }
    const game = games.get(chainId)
    if (!game) return { kind: 'not-deployed' as const, chain: name }
    return { kind: 'game' as const, chainId, name, ...game }
  }
}

/** A failed read as a sky read's outcome, logged when the node did not answer. */
export function readFailed(
  errors: unknown[],
  game: { chainId: number; name: string },
  what: string,
): Extract<SkyRead, { kind: 'no-sky' | 'not-deployed' | 'no-answer' }> {
  const failures = errors.map(failureOf)
  if (failures.includes('no-sky')) return { kind: 'no-sky' }
  if (failures.includes('no-contract')) return { kind: 'not-deployed', chain: game.name }
  log().error(`sky read: the node of chain ${game.chainId} could not read ${what}: ${summary(errors[0])}`)
  return { kind: 'no-answer' }
}

/**
 * The head of a chain as `blockNumber` tells it, asked at most once every `maxAgeMs` for every caller, with one
 * question in flight at a time; a failed question is not kept. `head.fresh(since)` answers with a head asked for after
 * `since` (on the `now` clock): for a caller who knows of a block the head it was given may predate, such as a sky
 * minted just before its request came in. A head learnt a moment before that request would not do, however recent.
 */
export function chainHead(blockNumber: () => Promise<bigint>, { maxAgeMs = 1000, now = () => performance.now() } = {}) {
  let known: { block: bigint; askedAt: number } | undefined
  let asking: { answer: Promise<bigint>; askedAt: number } | undefined
  const ask = (): Promise<bigint> => {
    if (!asking) {
      const askedAt = now()
      const answer: Promise<bigint> = blockNumber()
        .then((block) => {
          if (!known || known.askedAt <= askedAt) known = { block, askedAt }
          return block
        })
        .finally(() => {
          if (asking?.answer === answer) asking = undefined
        })
      asking = { answer, askedAt }
    }
    return asking.answer
  }
  const head = () => (known && now() - known.askedAt < maxAgeMs ? Promise.resolve(known.block) : ask())
  const fresh = (since: number): Promise<bigint> => {
    if (known && known.askedAt > since) return Promise.resolve(known.block)
    if (!asking) return ask()
    if (asking.askedAt > since) return asking.answer
    // The question in flight was asked before `since`: ask again once it is answered.
    return asking.answer.then(
      () => fresh(since),
      () => fresh(since),
    )
  }
  head.fresh = fresh
  /** The head `head()` would answer with at once, without asking: undefined once it no longer stands. */
  head.standing = () => (known && now() - known.askedAt < maxAgeMs ? known.block : undefined)
  return head
}

export type SkyReaderOptions = {
  /** How long a chain's head, once learnt, is taken to stand (default 1 s; Sepolia makes a block every 12 s). */
  headMs?: number
  /** Skies whose last read is kept (default {@link DEFAULT_SKY_CACHE_ENTRIES}). */
  maxEntries?: number
  now?: () => number
}

/** Skies kept: a read is one token URI (4–40 kB of base64) and an owner, so at most ~40 MB, most often far less. */
export const DEFAULT_SKY_CACHE_ENTRIES = 1000

/**
 * Reads skies on `chains`, each through its own node: a sky's `tokenURI` (ERC-721 metadata) and owner, at the chain's
 * head, since a gaze or new layers change the art. A read is made at the block the chain's head was last seen at
 * ({@link chainHead}) and kept until the head moves past it, so that a sky many players look at costs its node one read
 * a block; readers asking at once share one read. A sky missing at that head is looked for again at the head asked anew,
 * so that one minted a moment ago is found. Failures of the node are not kept.
 */
export function skyReader(chains: readonly SignInChain[], options: SkyReaderOptions = {}) {
  const { headMs = 1000, maxEntries = DEFAULT_SKY_CACHE_ENTRIES, now = () => performance.now() } = options
  const gameOn = chainGames(chains)
  const heads = new Map<number, ReturnType<typeof chainHead>>()
  const kept = new LRUCache<string, { block: bigint; read: Promise<SkyRead> }>({ max: maxEntries })

  type Game = Extract<ReturnType<typeof gameOn>, { kind: 'game' }>
  const headOf = (game: Game) => {
    let head = heads.get(game.chainId)
    if (!head) {
      // viem keeps a block number for its client's cacheTime (up to 4 s); chainHead decides how long it stands.
      head = chainHead(() => game.client.getBlockNumber({ cacheTime: 0 }), { maxAgeMs: headMs, now })
      heads.set(game.chainId, head)
    }
    return head
  }

  async function readAt(game: Game, skyId: bigint, blockNumber: bigint): Promise<SkyRead> {
    skyChainReads.inc({ chain_id: String(game.chainId) })
    const read = { address: game.address, abi: chainellationAbi, args: [skyId], blockNumber } as const
    const [tokenUri, owner] = await Promise.allSettled([
      game.client.readContract({ ...read, functionName: 'tokenURI' }),
      game.client.readContract({ ...read, functionName: 'ownerOf' }),
    ])
    if (tokenUri.status === 'fulfilled' && owner.status === 'fulfilled')
      return { kind: 'found', tokenUri: tokenUri.value, owner: owner.value }
    // Either revert proves the sky missing, whatever became of the other read.
    const errors = [tokenUri, owner].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []))
    return readFailed(errors, game, `sky #${skyId}`)
  }

  /** Sky `skyId` at `block`, from a read kept at that block or a later one, or read now. */
  function keptOrRead(game: Game, skyId: bigint, block: bigint): Promise<SkyRead> {
    const key = `${game.chainId}:${skyId}`
    const found = kept.get(key)
    // A read made at a later block than this reader saw is as good as one made at its own.
    if (found && found.block >= block) return found.read
    const read = readAt(game, skyId, block)
    const entry = { block, read }
    kept.set(key, entry)
    void read.then((result) => {
      if (result.kind === 'no-answer' && kept.get(key) === entry) kept.delete(key)
    })
    return read
  }

  async function readSky(chainId: number, skyId: bigint): Promise<SkyRead> {
    const asked = now()
    const game = gameOn(chainId)
    if (game.kind !== 'game') return game
    const head = headOf(game)
    let block: bigint
    try {
      block = await head()
    } catch (error) {
      return readFailed([error], game, `sky #${skyId}`)
    }
    const read = await keptOrRead(game, skyId, block)
    if (read.kind !== 'no-sky') return read
    // The head stands for up to headMs, and a sky minted since it was learnt is missing at it: a player who opens the
    // sky they have just minted must find it. So a missing sky is looked for again at a head asked for after this
    // read was.
    const latest = await head.fresh(asked).catch(() => block)
    return latest > block ? keptOrRead(game, skyId, latest) : read
  }
  /**
   * The head of `chainId` that reads are made at while it stands, undefined when it no longer does (the next read asks
   * anew) or was never asked: while it is the same, a sky found at it reads the same.
   */
  readSky.standingHead = (chainId: number) => heads.get(chainId)?.standing()
  return readSky
}

export type ReadSky = ReturnType<typeof skyReader>

/**
 * A sky's time zone (seconds east of UTC) on `chainId`, from the contract's `skyOf`; undefined when the game is not
 * there or the node did not answer. The contract fixes a sky's zone at mint, so a read is good for good.
 */
export function skyTimeZoneReader(chains: readonly SignInChain[], chainId: number) {
  const game = chainGames(chains)(chainId)
  const zones = new LRUCache<string, number>({ max: DEFAULT_SKY_CACHE_ENTRIES })
  return async (skyId: bigint): Promise<number | undefined> => {
    if (game.kind !== 'game') return undefined
    const kept = zones.get(String(skyId))
    if (kept !== undefined) return kept
    try {
      const sky = await game.client.readContract({
        address: game.address,
        abi: chainellationAbi,
        functionName: 'skyOf',
        args: [skyId],
      })
      zones.set(String(skyId), sky.tzOffset)
      return sky.tzOffset
    } catch (error) {
      log().warn(`reading sky ${skyId}'s time zone failed: ${summary(error)}`)
      return undefined
    }
  }
}
