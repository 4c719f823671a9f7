import { zValidator } from '@hono/zod-validator'
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'

/** Checks a request's query or path parameters with `schema`: anything else gets a 400 with the first problem. */
export const valid = <T extends z.ZodType, Target extends 'query' | 'param'>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) return c.json({ error: result.error.issues[0]?.message ?? 'The request is malformed.' }, 400)
  })

/** Query parameters: every name must be known, and each unknown one is refused by name. */
export const query = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown parameter: ${issue.keys.join(', ')}.` : undefined),
  })

export const address = (what: string) =>
  z
    .string()
    .refine((text) => isAddress(text, { strict: false }), `${what} must be an address: 0x and 40 hexadecimal digits.`)
    .transform((text) => getAddress(text))

export const flag = (what: string) =>
  z.enum(['true', 'false'], { error: `${what} must be true or false.` }).transform((text) => text === 'true')

export const wholeNumber = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,6}$/, `${what} must be a whole number from ${min} to ${max}.`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${what} must be a whole number from ${min} to ${max}.`)

/** How many rows one page may hold: enough for a gallery screen, small enough to answer fast. */
export const MAX_LIMIT = 100
export const limit = (fallback: number) =>
  wholeNumber('limit', 1, MAX_LIMIT)
    .optional()
    .transform((n) => n ?? fallback)
