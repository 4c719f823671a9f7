import { chainellationAbi } from '@chainellation/contracts'
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
 * Reads skies on `chains`, each through its own node: a sky's `tokenURI` (ERC-721 metadata) and owner, at the latest
 * block, since a gaze or new layers change the art.
 */
export function skyReader(chains: readonly SignInChain[]) {
  const gameOn = chainGames(chains)
  return async function readSky(chainId: number, skyId: bigint): Promise<SkyRead> {
    const game = gameOn(chainId)
    if (game.kind !== 'game') return game
    const read = { address: game.address, abi: chainellationAbi, args: [skyId] } as const
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
}

export type ReadSky = ReturnType<typeof skyReader>
