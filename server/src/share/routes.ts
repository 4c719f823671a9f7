import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { Database } from '../db'
import { draftIdParams } from '../drafts/input'
import { findDraft } from '../drafts/store'
import { validInput } from '../http'
import type { ReadComposedSky } from '../skies/composition'
import { validSkyParams } from '../skies/params'
import { metadataOf, svgOf } from '../skies/picture'
import type { ReadSky } from '../skies/reader'
import { type CardInput, CardsBusyError, type ShareCards, UndrawableSkyError } from './cards'
import { draftWords, skyWords } from './words'

export type CardRouteDeps = {
  readSky: ReadSky
  readComposedSky: ReadComposedSky
  db: Database
  cards: ShareCards
  /** Counts each client's card requests with its sky reads: each reads the chain. */
  readLimit: MiddlewareHandler
  /** A sky's streak line for its card, when there is one to show. */
  streakOf?: (chainId: number, skyId: string) => Promise<string | undefined>
}

/**
 * A card whose URL names its own entity tag (`?v=`, as the pages' og:image does) never changes, and may be kept for
 * good (RFC 9111, section 5.2.2.1; `immutable`, RFC 8246). Any other URL of a card shows the sky as it is now: kept
 * five minutes, then checked again with its tag (RFC 9110, section 13.1.2).
 */
const FOR_GOOD = 'public, max-age=31536000, immutable'
const FOR_NOW = 'public, max-age=300'
/** How long a client turned away for the chain or a busy server is asked to wait (RFC 9110, section 10.2.3). */
const RETRY_SECONDS = '5'

const errors = {
  noAnswer: 'The chain did not answer; try again.',
  draftMissing: 'There is no draft at this address; it may have been deleted.',
  draftWithoutSky: 'This draft dresses no sky, so there is no picture of it.',
  draftSkyMissing: 'The sky this draft dresses does not exist.',
} as const

/** Whether an If-None-Match field value (a list of entity tags, or `*`) matches `etag`, compared weakly (RFC 9110, section 13.1.2). */
export function matchesNoneOf(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  const opaque = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque
  })
}

/** A refusal: JSON with its sentence, never kept by a cache, as the state it reports can change at any block. */
const refuse = (c: Context, error: string, status: 404 | 502 | 503) =>
  c.json({ error }, status, {
    'Cache-Control': 'no-store',
    ...(status === 503 ? { 'Retry-After': RETRY_SECONDS } : {}),
  })

/** Answers with the card for `input`: 304 when the client holds it, else the PNG, drawn or from the cache. */
async function sendCard(c: Context, cards: ShareCards, input: CardInput) {
  const etag = cards.etagOf(input)
  const cacheControl = c.req.query('v') === etag.slice(1, -1) ? FOR_GOOD : FOR_NOW
  const headers = { ETag: etag, 'Cache-Control': cacheControl }
  if (matchesNoneOf(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers)
  try {
    const { png } = await cards.card(input)
    // A view of the cached bytes, not a copy: resvg's Buffer sits on an ArrayBuffer of its own.
    const body = new Uint8Array(png.buffer as ArrayBuffer, png.byteOffset, png.byteLength)
    return c.body(body, 200, { ...headers, 'Content-Type': 'image/png' })
  } catch (error) {
    // The chain's answer is one this server will not draw: a gateway's fault, not the client's (RFC 9110, 15.6.3).
    if (error instanceof UndrawableSkyError) return refuse(c, error.message, 502)
    if (!(error instanceof CardsBusyError)) throw error
    return refuse(c, error.message, 503)
  }
}

/**
 * The share cards: a sky, or a draft over its sky, as the chain draws it, in a 1200×630 PNG for link previews
 * (og:image). Mounted at /api before the sky and draft routes, whose `Cache-Control` would otherwise be set over
 * the cards' own.
 */
export function cardRoutes({ readSky, readComposedSky, db, cards, readLimit, streakOf }: CardRouteDeps) {
  return new Hono()
    .get('/skies/:chainId/:skyId/card.png', readLimit, validSkyParams, async (c) => {
      const { chainId, skyId } = c.req.valid('param')
      // Beside the chain's read, as the sky's page asks for it: the same line gives the card the version the page names.
      const streakRead = streakOf?.(chainId, skyId)
      const sky = await readSky(chainId, BigInt(skyId))
      switch (sky.kind) {
        case 'no-sky':
          return refuse(c, `There is no night sky #${skyId} on this chain.`, 404)
        case 'no-chain':
          return refuse(c, `This server does not read chain ${chainId}${sky.reads}.`, 404)
        case 'not-deployed':
          return refuse(c, `The game is not deployed on ${sky.chain}.`, 404)
        case 'no-answer':
          return refuse(c, errors.noAnswer, 503)
      }
      const metadata = metadataOf(sky.tokenUri)
      if (!metadata) return refuse(c, `The chain drew sky #${skyId} in a form this server cannot draw.`, 502)
      const streak = await streakRead
      return sendCard(c, cards, {
        skySvg: svgOf(metadata.picture),
        text: skyWords(skyId, metadata.traits, streak).card,
      })
    })
    .get(
      '/drafts/:id/card.png',
      readLimit,
      // As the draft routes do: a malformed id is a draft that is not there.
      validInput('param', draftIdParams, (_, c) => refuse(c, errors.draftMissing, 404)),
      async (c) => {
        const draft = await findDraft(db, c.req.valid('param').id)
        if (!draft) return refuse(c, errors.draftMissing, 404)
        if (draft.skyId === null) return refuse(c, errors.draftWithoutSky, 404)
        const sky = await readComposedSky(draft.chainId, BigInt(draft.skyId), draft.layers)
        switch (sky.kind) {
          case 'no-sky':
            return refuse(c, errors.draftSkyMissing, 404)
          case 'no-chain':
            return refuse(c, `This server does not read chain ${draft.chainId}${sky.reads}.`, 404)
          case 'not-deployed':
            return refuse(c, `The game is not deployed on ${sky.chain}.`, 404)
          case 'no-answer':
            return refuse(c, errors.noAnswer, 503)
        }
        return sendCard(c, cards, { skySvg: sky.svg, text: draftWords(draft).card })
      },
    )
}
