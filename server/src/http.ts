import type { MiddlewareHandler } from 'hono'
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

/** Refuses a body over `maxBytes` bytes with 413 and `error`, whether or not the request declares its length. */
export const limitBody = (maxBytes: number, error: string) =>
  bodyLimit({ maxSize: maxBytes, onError: (c) => c.json({ error }, 413) })

/**
 * Hosts the wallet SDKs bundled in the web app call, and only once a player picks that wallet in the connect
 * modal (web/src/lib/wallet/utils/wallet-sdk-gate.ts): WalletConnect's relay, RPC, Verify and event endpoints,
 * Coinbase Wallet's RPC and WalletLink relay, the MetaMask SDK's relay and analytics.
 */
export const WALLET_CONNECT_SOURCES: readonly string[] = [
  'wss://relay.walletconnect.org',
  'https://rpc.walletconnect.org',
  'https://verify.walletconnect.org',
  'https://verify.walletconnect.com',
  'https://pulse.walletconnect.org',
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
}

/**
 * The Content-Security-Policy header's value; every directive the app sends is written here. Scripts come only
 * from the app's own files (the build has no inline script); styles may be inline, as RainbowKit writes its theme
 * into a <style> element; images may be data: URLs, the form in which the chain returns every sky's SVG.
 */
export const contentSecurityPolicy = ({ frameAncestors, rpcOrigins = [] }: ContentSecurityPolicy) =>
  Object.entries({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': [...new Set(["'self'", ...rpcOrigins, ...WALLET_CONNECT_SOURCES])],
    'frame-src': ["'self'", ...WALLET_FRAME_SOURCES],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'", ...frameAncestors],
  })
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ')

/**
 * Adds the Content-Security-Policy and the other browser security headers to every response, including errors
 * and static files: no MIME sniffing, and only the origin (not the path, which can hold a draft's link) in the
 * Referer sent to other sites.
 */
export const securityHeaders = (policy: ContentSecurityPolicy): MiddlewareHandler => {
  const headers = {
    'Content-Security-Policy': contentSecurityPolicy(policy),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  }
  return async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(headers)) c.header(name, value)
  }
}

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
  for (const [name, value] of Object.entries(MANIFEST_CORS_HEADERS)) c.header(name, value)
}

/** The sentence of a failed zod parse: every message in our schemas is written as one. */
export const firstError = (error: z.ZodError) => error.issues[0]?.message ?? 'The request is invalid.'
