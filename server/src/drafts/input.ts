import { z } from 'zod'
import type { DraftLayer } from '../db/schema'

/** Longest name, in characters (Unicode code points) after trimming. */
export const MAX_NAME_LENGTH = 80
/** Largest chain id a draft can name: the column is a Postgres integer. */
export const MAX_CHAIN_ID = 2 ** 31 - 1

const LAYER_NAMES = '1 silhouette, 2 sky and 3 object'

/** A uint of `bits` bits written in decimal, as JSON carries numbers too large for a double. */
export const decimalUint = (bits: number, what: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${what} is missing.` : `${what} must be a string.`) })
    // Stops here on a mismatch: BigInt below throws on anything but digits.
    .regex(/^(?:0|[1-9][0-9]{0,77})$/, {
      error: `${what} must be a whole number in decimal digits, without leading zeros.`,
      abort: true,
    })
    .refine((value) => BigInt(value) < 2n ** BigInt(bits), `${what} is larger than a uint${bits} can hold.`)

const name = z
  .string({ error: (issue) => (issue.input === undefined ? 'The name is missing.' : 'The name must be text.') })
  .trim()
  .min(1, 'The name is empty.')
  .refine((value) => [...value].length <= MAX_NAME_LENGTH, `The name is longer than ${MAX_NAME_LENGTH} characters.`)
  .refine((value) => !/\p{Cc}/u.test(value), 'The name cannot contain control characters such as line breaks.')

const chainId = z
  .number({
    error: (issue) => (issue.input === undefined ? 'The chain id is missing.' : 'The chain id must be a number.'),
  })
  .int('The chain id must be a whole number.')
  .min(1, `The chain id must be from 1 to ${MAX_CHAIN_ID}.`)
  .max(MAX_CHAIN_ID, `The chain id must be from 1 to ${MAX_CHAIN_ID}.`)

const skyId = decimalUint(256, 'The sky id').nullable()

const layer = z
  .strictObject(
    {
      layer: z.union([z.literal(1), z.literal(2), z.literal(3)], {
        error: `A layer must be numbered ${LAYER_NAMES}.`,
      }),
      decorationId: z
        .number({ error: 'A decoration id must be a number.' })
        .int('A decoration id must be a whole number.')
        .min(0, 'A decoration id must be from 0 to 65535.')
        .max(65_535, 'A decoration id must be from 0 to 65535.'),
      tokenId: decimalUint(64, 'A token id'),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `A layer has no field ${quoted(issue.keys)}.`
          : 'Each layer must be an object with a layer, a decorationId and a tokenId.',
    },
  )
  // As the Decorations contract requires: an empty layer holds no token.
  .refine((l) => l.decorationId !== 0 || l.tokenId === '0', 'An empty layer (decoration 0) must have token id "0".')

const layers = z
  .array(layer, { error: `The layers must be a list of three: ${LAYER_NAMES}.` })
  .length(3, `A draft has exactly three layers: ${LAYER_NAMES}.`)
  .refine((list) => new Set(list.map((l) => l.layer)).size === 3, `Each layer (${LAYER_NAMES}) must appear once.`)
  .transform((list): DraftLayer[] => list.toSorted((a, b) => a.layer - b.layer))

const quoted = (keys: string[]) => keys.map((key) => `"${key.slice(0, 40)}"`).join(', ')

const objectError = (what: string) => (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' && issue.keys
    ? `A draft has no field ${quoted(issue.keys)}.`
    : `The request body must be a JSON object with ${what}.`

/** The body of POST /api/drafts. A missing sky id means a composition not tied to a sky. */
export const newDraftInput = z.strictObject(
  { name, chainId, skyId: skyId.default(null), layers },
  { error: objectError('a name, a chainId, a skyId and three layers') },
)

/** The body of PATCH /api/drafts/:id: a new name, a new composition, or both; what is left out is kept. */
export const draftChangesInput = z
  .strictObject(
    { name: name.optional(), chainId: chainId.optional(), skyId: skyId.optional(), layers: layers.optional() },
    { error: objectError('a name, a chainId, a skyId or layers to change') },
  )
  .refine((changes) => Object.keys(changes).length > 0, 'Send a new name, a new composition, or both.')

export type NewDraft = z.output<typeof newDraftInput>
export type DraftChanges = z.output<typeof draftChangesInput>

/** 128 random bits in base64url, as {@link newDraftId} makes them; other ids are not looked up. */
export const draftIdPattern = /^[A-Za-z0-9_-]{22}$/

/** A draft's id in a path (`:id`). */
export const draftIdParams = z.object({ id: z.string().regex(draftIdPattern) })
