import { Hono, type MiddlewareHandler } from 'hono'
import { type Address, BaseError, isAddress } from 'viem'
import { z } from 'zod'
import { validInput } from '../http'
import { logOf } from '../log'
import { type Names, NamesUnavailableError } from './ens'

/** An address in a path: 40 hex digits after 0x, all one case or rightly checksummed (EIP-55). */
const addressParams = z.object({
  address: z
    .string()
    .refine(
      (value): value is Address => isAddress(value),
      'The address must be 0x and 40 hexadecimal digits, with a valid EIP-55 checksum if it mixes cases.',
    ),
})

const validAddress = validInput('param', addressParams)

export type NameDeps = {
  names: Names
  /** Counts each client's lookups: one the cache does not hold costs the ENS node two or three calls. */
  readLimit: MiddlewareHandler
}

/** An address's primary ENS name and avatar, so that the web app can show names without a mainnet node of its own. */
export function nameRoutes({ names, readLimit }: NameDeps) {
  return new Hono().get('/:address', readLimit, validAddress, async (c) => {
    const { address } = c.req.valid('param')
    try {
      const found = await names.lookup(address)
      // As long as the server keeps the answer (docs/decisions/names.md).
      c.header('Cache-Control', 'public, max-age=86400')
      return c.json({ address: found.address, name: found.name, avatar: found.avatar }, 200)
    } catch (error) {
      if (!(error instanceof NamesUnavailableError)) throw error
      const cause = error.cause instanceof BaseError ? error.cause.shortMessage : String(error.cause)
      logOf(c).warn(`names: no answer for ${address}: ${cause}`)
      c.header('Cache-Control', 'no-store')
      return c.json({ error: 'The name service did not answer; try again.' }, 503)
    }
  })
}
