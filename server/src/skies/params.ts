import { z } from 'zod'
import { decimalUint } from '../drafts/input'
import { validInput } from '../http'

const CHAIN_ID_ERROR = 'The chain id must be a positive whole number in decimal digits, such as 11155111.'

/** A sky's chain and number in a path, as every sky route takes them. */
export const skyParams = z.object({
  chainId: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, { error: CHAIN_ID_ERROR, abort: true })
    .transform(Number)
    .refine(Number.isSafeInteger, CHAIN_ID_ERROR),
  // A token id is a uint256 (ERC-721).
  skyId: decimalUint(256, 'The sky id'),
})

/** Checks a route's `:chainId` and `:skyId`: a 400 with a sentence for either one malformed. */
export const validSkyParams = validInput('param', skyParams)
