import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Context } from 'hono'
import { LRUCache } from 'lru-cache'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** The content codings the server compresses with (RFC 9110, section 8.4.1), in the order it prefers them. */
export const CODINGS = ['br', 'gzip'] as const
export type Coding = (typeof CODINGS)[number]

/** A body ready to send in every coding worth sending, compressed once and kept. */
export type Encoded = {
  type: string
  /** The entity tag of the identity body, quoted; each coding's tag is derived from it (see {@link etagOf}). */
  etag: string
  identity: Buffer
  /** Only the codings that came out smaller than the identity body. */
  codings: Partial<Record<Coding, Buffer>>
}

/** Text formats, which compress to a quarter or less; fonts and images are compressed already. */
const COMPRESSIBLE =
  /^(?:text\/|image\/svg\+xml|application\/(?:javascript|json|manifest\+json|xml|wasm|[\w.-]+\+json|[\w.-]+\+xml)\b)/i

/** Bodies smaller than this go as they are: the threshold of hono's compress middleware, which this replaces. */
const MIN_COMPRESSED_BYTES = 1024

/**
 * How hard to compress. `most` is for files of the web build, compressed once per process: brotli's best quality
 * (11) up to 64 KiB, where it takes tens of milliseconds; above, quality 9, which took 56 ms instead of 740 on the
 * largest script (646 kB) for 9% more bytes. `fast` is for pages written per answer, compressed as the first one is
 * sent.
 */
export type Effort = 'most' | 'fast'

function brotliQuality(effort: Effort, bytes: number): number {
  if (effort === 'fast') return 5
  return bytes <= 64 * 1024 ? 11 : 9
}

/** The strong entity tag of `body`: its SHA-256, shortened. */
export const etagOfBody = (body: Buffer | string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`

/**
 * The entity tag of `encoded` in `coding`: a different one for each coding, as each is a different representation
 * whose bytes differ (RFC 9110, section 8.8.3).
 */
export const etagOf = (encoded: Encoded, coding: Coding | 'identity') =>
  coding === 'identity' ? encoded.etag : `${encoded.etag.slice(0, -1)}-${coding}"`

/** `body` in each coding worth sending. */
export async function encode(body: Buffer, type: string, effort: Effort, etag = etagOfBody(body)): Promise<Encoded> {
  const encoded: Encoded = { type, etag, identity: body, codings: {} }
  if (body.length < MIN_COMPRESSED_BYTES || !COMPRESSIBLE.test(type)) return encoded
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(effort, body.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipped(body, { level: effort === 'most' ? 9 : 6 }),
  ])
  if (br.length < body.length) encoded.codings.br = br
  if (gz.length < body.length) encoded.codings.gzip = gz
  return encoded
}

/**
 * The coding to send, from a request's Accept-Encoding (RFC 9110, section 12.5.3) and the codings at hand: the one
 * with the highest weight, brotli on a tie; identity when the header is absent or accepts none of them.
 */
export function negotiate(acceptEncoding: string | undefined, available: readonly Coding[]): Coding | 'identity' {
  if (!acceptEncoding || available.length === 0) return 'identity'
  // Browsers send one of a few headers, the same on every request: each is read once per set of codings at hand.
  const key = `${available.join(' ')}\n${acceptEncoding}`
  const known = negotiated.get(key)
  if (known) return known
  const chosen = chooseCoding(acceptEncoding, available)
  negotiated.set(key, chosen)
  return chosen
}

/**
 * Readings of Accept-Encoding kept ({@link negotiate}): any number of different headers may come (a crowd of clients,
 * each its own), and the readings kept stay few, the least recently used first out.
 */
const negotiated = new LRUCache<string, Coding | 'identity'>({ max: 256 })

function chooseCoding(acceptEncoding: string, available: readonly Coding[]): Coding | 'identity' {
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    if (!name) continue
    const q = params.find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0)
  }
  let best: Coding | 'identity' = 'identity'
  let bestWeight = 0
  for (const coding of CODINGS) {
    if (!available.includes(coding)) continue
    const weight = weights.get(coding) ?? weights.get('*') ?? 0
    if (weight > bestWeight) {
      best = coding
      bestWeight = weight
    }
  }
  return best
}

/** Whether If-None-Match names `etag` (weak comparison, RFC 9110, section 13.1.2). */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/**
 * Answers with `encoded` in the coding the client prefers, with its length and entity tag, `Vary: Accept-Encoding`
 * when it has codings to choose from, and 304 for a 200 whose tag the client already holds. A Response made with
 * plain headers rather than `c.body()`, which copies more than one header into a Headers object: under
 * @hono/node-server plain headers go to Node as they are, never validated, sorted and copied by a Headers object
 * (docs/decisions/production.md, "What it costs a request").
 */
export function sendEncoded(
  c: Context,
  encoded: Encoded,
  { status = 200, cacheControl }: { status?: 200 | 404; cacheControl?: string } = {},
): Response {
  const available = Object.keys(encoded.codings) as Coding[]
  const coding = negotiate(c.req.header('Accept-Encoding'), available)
  const etag = etagOf(encoded, coding)
  const headers: Record<string, string> = { ETag: etag }
  if (available.length) headers.Vary = 'Accept-Encoding'
  if (cacheControl) headers['Cache-Control'] = cacheControl
  if (status === 200 && noneMatch(c.req.header('If-None-Match'), etag))
    return new Response(null, { status: 304, headers })
  const body = coding === 'identity' ? encoded.identity : (encoded.codings[coding] as Buffer)
  headers['Content-Type'] = encoded.type
  headers['Content-Length'] = String(body.length)
  if (coding !== 'identity') headers['Content-Encoding'] = coding
  return new Response(body as Uint8Array<ArrayBuffer>, { status, headers })
}

/** Bytes an {@link Encoded} holds. */
export const sizeOf = (encoded: Encoded) =>
  encoded.identity.length + (encoded.codings.br?.length ?? 0) + (encoded.codings.gzip?.length ?? 0)

/**
 * Pages written per answer (a sky's, a draft's), compressed once for each distinct content and kept while they are
 * asked for: a sky's page changes only when its sky does (skies/cache.ts), so its readers share one compression.
 * Bounded by bytes, least recently used first out.
 */
export function encodedPages({ maxBytes = 16 * 1024 * 1024, maxEntries = 2048 } = {}) {
  const kept = new LRUCache<string, Encoded>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: sizeOf })
  const pending = new Map<string, Promise<Encoded>>()
  return {
    /** `html` encoded. */
    async encode(html: string, type = 'text/html; charset=UTF-8'): Promise<Encoded> {
      // Hashed as a string: a page already kept costs no Buffer of its own.
      const key = etagOfBody(html)
      const found = kept.get(key) ?? pending.get(key)
      if (found) return found
      const encoding = encode(Buffer.from(html), type, 'fast', key)
        .then((encoded) => {
          kept.set(key, encoded)
          return encoded
        })
        .finally(() => pending.delete(key))
      pending.set(key, encoding)
      return encoding
    },
    size: () => ({ entries: kept.size, bytes: kept.calculatedSize }),
  }
}

export type EncodedPages = ReturnType<typeof encodedPages>
