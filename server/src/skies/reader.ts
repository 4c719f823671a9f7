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

/**
 * Reads skies on `chains`, each through its own node: a sky's `tokenURI` (ERC-721 metadata) and owner, at the latest
 * block, since a gaze or new layers change the art.
 */
export function skyReader(chains: readonly SignInChain[]) {
  const names = new Map(chains.map(({ chain }) => [chain.id, `${chain.name} (${chain.id})`]))
  const reads = names.size ? `; it reads ${[...names.values()].join(' and ')}` : ''
  const games = new Map<number, { address: Address; client: PublicClient }>()
  for (const { chain, rpcUrl } of chains) {
    const address = contractsFor(chain.id).Chainellation
    if (!address) continue
    const client = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }) })
    games.set(chain.id, { address, client })
  }

  return async function readSky(chainId: number, skyId: bigint): Promise<SkyRead> {
    const name = names.get(chainId)
    if (!name) return { kind: 'no-chain', reads }
    const game = games.get(chainId)
    if (!game) return { kind: 'not-deployed', chain: name }
    const read = { address: game.address, abi: chainellationAbi, args: [skyId] } as const
    const [tokenUri, owner] = await Promise.allSettled([
      game.client.readContract({ ...read, functionName: 'tokenURI' }),
      game.client.readContract({ ...read, functionName: 'ownerOf' }),
    ])
    if (tokenUri.status === 'fulfilled' && owner.status === 'fulfilled')
      return { kind: 'found', tokenUri: tokenUri.value, owner: owner.value }
    // Either revert proves the sky missing, whatever became of the other read.
    const errors = [tokenUri, owner].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []))
    const failures = errors.map(failureOf)
    if (failures.includes('no-sky')) return { kind: 'no-sky' }
    if (failures.includes('no-contract')) return { kind: 'not-deployed', chain: name }
    console.error(`sky read: the node of chain ${chainId} could not read sky #${skyId}:`, summary(errors[0]))
    return { kind: 'no-answer' }
  }
}

export type ReadSky = ReturnType<typeof skyReader>
