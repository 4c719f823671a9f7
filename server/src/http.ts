import { zValidator } from '@hono/zod-validator'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { z } from 'zod'

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS']

/**
 * Refuses a state-changing request made by a page outside `origins`. Browsers name the page's origin on every
 * such request; requests without the header (curl, server to server) carry no one's cookie by accident.
 */
export const sameOriginWrites =
  (origins: readonly string[]): MiddlewareHandler =>
  async (c, next) => {
    const from = c.req.header('Origin')
    if (!SAFE_METHODS.includes(c.req.method) && from !== undefined && !origins.includes(from))
      return c.json({ error: `Requests from ${from.slice(0, 100)} are not accepted.` }, 403)
    await next()
  }

const isJson = (contentType: string | undefined) =>
  /^application\/(?:[\w.-]+\+)?json$/i.test(contentType?.split(';')[0]?.trim() ?? '')

/**
 * Demands a JSON body and parses it once, so that hono's validator (which reads the parsed body from the request's
 * cache) never answers malformed JSON with its own words. A cross-site form cannot send `application/json`.
 */
export const jsonBody: MiddlewareHandler = async (c, next) => {
  if (!isJson(c.req.header('Content-Type')))
    return c.json({ error: 'The request body must be JSON (Content-Type: application/json).' }, 415)
  try {
    await c.req.json()
  } catch {
    return c.json({ error: 'The request body is not valid JSON.' }, 400)
  }
  await next()
}

/** How much of a refused body the API still reads, and for how long, before it answers (see `discard`). */
const DISCARD_LIMITS = { bytes: 16 * 1024 * 1024, ms: 5000 }

/**
 * Reads a body the API refuses and drops it, up to `DISCARD_LIMITS`. Answering before the body has arrived is allowed,
 * but a client that asked to close the connection (a proxy does: Vite's dev proxy sends `Connection: close`) then
 * meets a closed socket as it sends the rest, and may see the reset before the answer (RFC 9112 §9.6): the dev
 * proxy turned the API's 413 into a 502. Past the limits the API answers at once.
 */
async function discard(body: ReadableStream<Uint8Array> | null) {
  if (!body || body.locked) return
  const reader = body.getReader()
  const deadline = setTimeout(() => void reader.cancel().catch(() => {}), DISCARD_LIMITS.ms)
  try {
    for (let seen = 0; seen <= DISCARD_LIMITS.bytes; ) {
      const { done, value } = await reader.read()
      if (done) return
      seen += value.byteLength
    }
    await reader.cancel()
  } catch {
    // The client went away, or the deadline cancelled the read: there is nobody left to wait for.
  } finally {
    clearTimeout(deadline)
  }
}

/**
 * Refuses a body over `maxBytes` bytes with 413 and `error`, whether or not the request declares its length. A body
 * declared too large is read and dropped before the answer (`discard`), so the 413 reaches the client through a proxy.
 *
 * A declared length is held to as it is: Node's parser reads a body of exactly that many bytes and refuses a request
 * that also says `Transfer-Encoding` or names two lengths (RFC 9112 §6.3). Only a body without one goes through
 * hono's bodyLimit, which counts it as it streams in. That keeps the usual request off bodyLimit's path, whose first
 * look at `c.req.raw.body` makes @hono/node-server wrap the request in a whole fetch Request and its body in a web
 * stream, where the body is otherwise read straight from Node's request: of all a draft write cost the API beyond its
 * floor, the largest part (docs/decisions/production.md, "What it costs a request").
 */
export function limitBody(maxBytes: number, error: string): MiddlewareHandler {
  const refuse = async (c: Context) => {
    await discard(c.req.raw.body)
    return c.json({ error }, 413)
  }
  const streamed = bodyLimit({ maxSize: maxBytes, onError: refuse })
  return async (c, next) => {
    const declared = c.req.header('Content-Length')
    if (declared === undefined || c.req.header('Transfer-Encoding') !== undefined) return streamed(c, next)
    return Number.parseInt(declared, 10) > maxBytes ? refuse(c) : next()
  }
}

/**
 * WalletConnect's own hosts, which its SDK calls once a player picks a wallet that connects through it
 * (web/src/lib/wallet/utils/wallet-sdk-gate.ts): its public relay and RPC, and Verify, whose attestation page it loads
 * in a hidden frame to vouch for the app's origin to the wallet. A deployment with a relay of its own
 * (WALLETCONNECT_RELAY_URL) lists that relay instead, and none of these: Verify vouches only for the public relay's
 * projects, and the app sends WalletConnect no telemetry (web/src/lib/wallet/utils/wallet-connectors.ts).
 */
export const WALLETCONNECT_PUBLIC_SOURCES: readonly string[] = [
  'wss://relay.walletconnect.org',
  'https://rpc.walletconnect.org',
  'https://verify.walletconnect.org',
  'https://verify.walletconnect.com',
]

/** Hosts the other wallet SDKs bundled in the web app call, once picked: Coinbase Wallet's RPC and WalletLink relay, the MetaMask SDK's relay and analytics. */
export const WALLET_SDK_SOURCES: readonly string[] = [
  'https://rpc.wallet.coinbase.com',
  'https://www.walletlink.org',
  'wss://www.walletlink.org',
  'https://metamask-sdk.api.cx.metamask.io',
  'wss://metamask-sdk.api.cx.metamask.io',
  'https://mm-sdk-analytics.api.cx.metamask.io',
]

/** Pages the wallet SDKs load in hidden frames: WalletConnect Verify's attestation. */
export const WALLET_FRAME_SOURCES: readonly string[] = [
  'https://verify.walletconnect.org',
  'https://verify.walletconnect.com',
]

export type ContentSecurityPolicy = {
  /** Origins besides the app's own that may frame it: Safe{Wallet}, which loads a Safe App in an iframe. */
  frameAncestors: readonly string[]
  /** JSON-RPC origins the web app calls from the browser. */
  rpcOrigins?: readonly string[]
  /** A WalletConnect relay of the deployment's own (`wss://…`), which the web app was built to meet wallets on. */
  walletConnectRelay?: string
  /** The hashes of the inline scripts the web build's pages hold (static/page-scripts.ts). */
  pageScripts?: readonly string[]
}

/**
 * The Content-Security-Policy header's value; every directive the app sends is written here. Scripts come only
 * from the app's own files and the pages' one inline script, allowed by its hash (no 'unsafe-inline', no eval);
 * styles may be inline, as RainbowKit writes its theme into a <style> element; images may be data: URLs, the form
 * in which the chain returns every sky's SVG, or any https URL, where players' ENS avatars (ENSIP-12) are kept: the
 * API passes on only https and data: image URLs (server/src/names/ens.ts), which the app shows through <img> alone,
 * so an image can run no script.
 */
export const contentSecurityPolicy = ({
  frameAncestors,
  rpcOrigins = [],
  walletConnectRelay,
  pageScripts = [],
}: ContentSecurityPolicy) =>
  Object.entries({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...pageScripts],
    'style-src': ["'self'", "'unsafe-inline'"],
    // https: for ENS avatars, hosted wherever their owners put them (docs/decisions/names.md).
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'"],
    'connect-src': [
      ...new Set([
        "'self'",
        ...rpcOrigins,
        ...(walletConnectRelay ? [new URL(walletConnectRelay).origin] : WALLETCONNECT_PUBLIC_SOURCES),
        ...WALLET_SDK_SOURCES,
      ]),
    ],
    'frame-src': ["'self'", ...(walletConnectRelay ? [] : WALLET_FRAME_SOURCES)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'", ...frameAncestors],
  })
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ')

/**
 * Browser features the app never uses, each denied to it and to every frame in it (W3C Permissions Policy), so
 * that a script slipped into the page could not reach them either. The Compose page copies a draft's link, so the
 * clipboard keeps its default (the app's own origin may write to it); wallets ask for signatures through their
 * extensions, pop-ups or WalletConnect, never through these APIs on the app's own page.
 */
export const DENIED_FEATURES: readonly string[] = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'browsing-topics',
  'camera',
  'clipboard-read',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]

export const permissionsPolicy = () => DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ')

/**
 * One year, without includeSubDomains or preload: the app pins its own host to https, not the other hosts of
 * whatever domain it is deployed under, nor a list browsers ship.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000'

export type SecurityHeaders = ContentSecurityPolicy & {
  /**
   * Whether to send Strict-Transport-Security (RFC 6797): decided from the configured app origins, never from a
   * request's Host header, which a proxy may rewrite (see {@link sendsHsts}).
   */
  hsts: boolean
}

const isLoopback = (hostname: string) =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  hostname === '[::1]' ||
  /^127(?:\.\d{1,3}){3}$/.test(hostname)

/**
 * Whether the app is served over https at a public name, from its configured origins: then every answer tells
 * browsers to come back only over https (RFC 6797). A loopback origin (localhost, 127.0.0.0/8, [::1]) is left out
 * even over https: HSTS would stick to the developer's machine, and every other app served on it, for a year.
 * Browsers ignore the header when it arrives over plain http (RFC 6797 section 8.1), so a health check made on the
 * server's own port over http takes nothing from it.
 */
export const sendsHsts = (origins: readonly string[]) =>
  origins.some((origin) => {
    const url = new URL(origin)
    return url.protocol === 'https:' && !isLoopback(url.hostname)
  })

/**
 * Adds the Content-Security-Policy and the other browser security headers to every response, including errors
 * and static files: no MIME sniffing; only the origin (not the path, which can hold a draft's link) in the
 * Referer sent to other sites; no browser feature the app does not use; a browsing context group of the app's
 * own (Cross-Origin-Opener-Policy) that still keeps its link to the pop-ups it opens, which Coinbase's and other
 * wallets' sign-in windows answer through, while Safe{Wallet} frames it as before (COOP does not apply to frames);
 * and, when the app is served over https, Strict-Transport-Security.
 */
/**
 * Sets `headers` on the answer a handler has made, in place. Hono's `c.header()` after `await next()` copies the whole
 * answer for each header, its body becoming a stream that @hono/node-server then sends the slow way: five headers so
 * set took 0.074 ms of CPU a request against 0.031 in place (docs/decisions/production.md, "What it costs a request").
 * An answer whose headers cannot change (a fetched response passed on as it is) is copied once, by `c.header()`.
 */
export function setAnswerHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  const entries = Object.entries(headers)
  try {
    for (const [name, value] of entries) c.res.headers.set(name, value)
  } catch {
    for (const [name, value] of entries) c.header(name, value)
  }
}

/** Puts `headers` on every answer of the routes it is used on, whatever the handler set (a route's Cache-Control). */
export const answerHeaders =
  (headers: Readonly<Record<string, string>>): MiddlewareHandler =>
  async (c, next) => {
    await next()
    setAnswerHeaders(c, headers)
  }

/** The headers every answer carries, whatever route gives it (see answers.ts). */
export const securityHeaders = ({ hsts, ...policy }: SecurityHeaders): Readonly<Record<string, string>> => ({
  'Content-Security-Policy': contentSecurityPolicy(policy),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': permissionsPolicy(),
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  ...(hsts ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
})

/** What Safe{Wallet} needs to read a Safe App's manifest.json from its own origin. */
export const MANIFEST_CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET',
  'Access-Control-Allow-Headers': 'X-Requested-With, content-type, Authorization',
} as const

/** Lets any origin read the manifest (Safe{Wallet} fetches it to list the app), answering its preflight too. */
export const manifestCors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'OPTIONS') return c.body(null, 204, MANIFEST_CORS_HEADERS)
  await next()
  setAnswerHeaders(c, MANIFEST_CORS_HEADERS)
}

/** The sentence of a failed zod parse: every message in our schemas is written as one. */
export const firstError = (error: ZodComplaint) => error.issues[0]?.message ?? 'The request is invalid.'

/** What zod says of a value it refused: its issues, first first. */
export type ZodComplaint = { issues: readonly { message: string; path: readonly PropertyKey[] }[] }

/**
 * A request's `target` (its JSON body, path or query parameters) as `schema` reads it (`c.req.valid(target)`, typed
 * from the schema), or `refuse`'s answer: by default a 400 whose error is zod's first complaint, each written as a
 * sentence.
 */
export const validInput = <Target extends 'json' | 'param' | 'query', T extends z.ZodType>(
  target: Target,
  schema: T,
  refuse: (error: ZodComplaint, c: Context) => Response = (error, c) => c.json({ error: firstError(error) }, 400),
) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) return refuse(result.error, c)
  })

/** A request's JSON body as `schema` reads it, or a 400 whose error is `words` of zod's complaint. */
export const validJson = <T extends z.ZodType>(schema: T, words: (error: ZodComplaint) => string = firstError) =>
  validInput('json', schema, (error, c) => c.json({ error: words(error) }, 400))
