import { chainellationAbi } from '@chainellation/contracts'
import { type Context, Hono } from 'hono'
import { validator } from 'hono/validator'
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  createPublicClient,
  http,
  type PublicClient,
} from 'viem'
import { z } from 'zod'
import { DEFAULT_SKY_READ_LIMIT, type RateLimit, type SignInChain } from '../config'
import { contractsFor } from '../contracts'
import { decimalUint } from '../drafts/input'
import { firstError } from '../http'
import { rateLimit } from '../rate-limit'

export type SkyDeps = {
  /** The chains the server reads, each through its own node: the ones players sign in on. */
  chains: SignInChain[]
  /** Reads one client may make (default {@link DEFAULT_SKY_READ_LIMIT}). */
  skyReads?: RateLimit
  /** Names the client a request comes from, whose reads the rate limit counts together. */
  clientKey: (c: Context) => string
}

const CHAIN_ID_ERROR = 'The chain id must be a positive whole number in decimal digits, such as 11155111.'

const skyParams = z.object({
  chainId: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, { error: CHAIN_ID_ERROR, abort: true })
    .transform(Number)
    .refine(Number.isSafeInteger, CHAIN_ID_ERROR),
  // A token id is a uint256 (ERC-721).
  skyId: decimalUint(256, 'The sky id'),
})

/**
 * What the contract reverts with for an id no one minted, which ERC-721 has tokenURI and ownerOf throw for: the
 * game's own error from tokenURI, Solady's ERC721 error from ownerOf.
 */
const NONEXISTENT_SKY_ERRORS = new Set(['ChainellationNonexistentSky', 'TokenDoesNotExist'])

type ReadFailure = 'no-sky' | 'no-contract' | 'no-answer'

function failureOf(error: unknown): ReadFailure {
  if (!(error instanceof BaseError)) return 'no-answer'
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  if (reverted instanceof ContractFunctionRevertedError && NONEXISTENT_SKY_ERRORS.has(reverted.data?.errorName ?? ''))
    return 'no-sky'
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

/**
 * One night sky's ERC-721 metadata as its contract returns it, so that a page can show the sky before (or without)
 * loading a wallet's chain client. Read at the latest block on every request: a gaze or new layers change the art.
 */
export function skyRoutes({ chains, skyReads = DEFAULT_SKY_READ_LIMIT, clientKey }: SkyDeps) {
  // Each read makes the chain's node run tokenURI, which draws the whole SVG: counted per client.
  const readLimit = rateLimit(skyReads, 'sky reads', clientKey)
  const names = new Map(chains.map(({ chain }) => [chain.id, `${chain.name} (${chain.id})`]))
  const readList = names.size ? `; it reads ${[...names.values()].join(' and ')}` : ''
  const games = new Map<number, { address: Address; client: PublicClient }>()
  for (const { chain, rpcUrl } of chains) {
    const address = contractsFor(chain.id).Chainellation
    if (!address) continue
    const client = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }) })
    games.set(chain.id, { address, client })
  }

  return new Hono()
    .use(async (c, next) => {
      await next()
      // Not `no-store`: nothing here is private, but every answer must be checked again, as the art can change
      // at any block and a sky that does not exist yet can be minted.
      c.header('Cache-Control', 'no-cache')
    })
    .get(
      '/:chainId/:skyId',
      readLimit,
      validator('param', (params, c) => {
        const parsed = skyParams.safeParse(params)
        return parsed.success ? parsed.data : c.json({ error: firstError(parsed.error) }, 400)
      }),
      async (c) => {
        const { chainId, skyId } = c.req.valid('param')
        const name = names.get(chainId)
        if (!name) return c.json({ error: `This server does not read chain ${chainId}${readList}.` }, 404)
        const game = games.get(chainId)
        if (!game) return c.json({ error: `The game is not deployed on ${name}.` }, 404)

        const read = { address: game.address, abi: chainellationAbi, args: [BigInt(skyId)] } as const
        const [tokenUri, owner] = await Promise.allSettled([
          game.client.readContract({ ...read, functionName: 'tokenURI' }),
          game.client.readContract({ ...read, functionName: 'ownerOf' }),
        ])
        if (tokenUri.status === 'fulfilled' && owner.status === 'fulfilled')
          return c.json({ chainId, skyId, tokenUri: tokenUri.value, owner: owner.value }, 200)

        // Either revert proves the sky missing, whatever became of the other read.
        const errors = [tokenUri, owner].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []))
        const failures = errors.map(failureOf)
        // `missing` tells a page this 404 apart from the others: the sky's number is merely not taken yet.
        if (failures.includes('no-sky'))
          return c.json({ error: `There is no night sky #${skyId} on this chain.`, missing: true as const }, 404)
        if (failures.includes('no-contract')) return c.json({ error: `The game is not deployed on ${name}.` }, 404)
        console.error(`sky read: the node of chain ${chainId} could not read sky #${skyId}:`, summary(errors[0]))
        return c.json({ error: 'The chain did not answer; try again.' }, 502)
      },
    )
}
