import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createPublicClient, type Hex, http, type PublicClient } from 'viem'
import { z } from 'zod'
import { type AuthConfig, DEFAULT_SIGN_IN_LIMITS } from '../config'
import type { Database } from '../db'
import { answerHeaders, jsonBody, limitBody, validJson } from '../http'
import { logOf } from '../log'
import { type RateLimitStore, rateLimit } from '../rate-limit'
import { SESSION_COOKIE, sessionToken } from './session'
import { checkSignature } from './signature'
import { checkSiweMessage } from './siwe'
import {
  endSession,
  findSession,
  isNonceBoundTo,
  issueNonce,
  newNonceBinding,
  nonceBindingPattern,
  nonceState,
  startSession,
} from './store'

/** Holds the secret the browser's sign-in nonces are bound to; sent only to the sign-in routes. */
export const NONCE_BINDING_COOKIE = 'chainellation_sign_in'
const NONCE_BINDING_PATH = '/api/auth'
export const NONCE_TTL_MS = 10 * 60_000
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000

/** Longest accepted message and signature, in characters; ERC-6492 signatures carry deploy data, so allow some. */
export const MAX_MESSAGE_LENGTH = 8_192
export const MAX_SIGNATURE_LENGTH = 16_386
export const MAX_BODY_BYTES = 32 * 1024

const verifyBody = z.object(
  {
    message: z
      .string({
        error: (issue) => (issue.input === undefined ? 'The message is missing.' : 'The message must be text.'),
      })
      .min(1, 'The message is empty.')
      .max(MAX_MESSAGE_LENGTH, `The message is longer than ${MAX_MESSAGE_LENGTH} characters.`),
    signature: z
      .string({
        error: (issue) => (issue.input === undefined ? 'The signature is missing.' : 'The signature must be text.'),
      })
      .max(MAX_SIGNATURE_LENGTH, `The signature is longer than ${MAX_SIGNATURE_LENGTH} characters.`)
      .regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'The signature must be 0x followed by hex bytes.')
      .transform((value) => value as Hex),
  },
  { error: 'The request body must be a JSON object with a message and a signature.' },
)

/** The browser's nonce-binding secret, if it carries a well-formed one (a malformed cookie counts as none). */
function nonceBinding(c: Context): string | undefined {
  const secret = getCookie(c, NONCE_BINDING_COOKIE)
  return secret !== undefined && nonceBindingPattern.test(secret) ? secret : undefined
}

/**
 * Safe{Wallet} frames the app from its own site, where a SameSite=Lax cookie is never sent, so a deployed app's
 * cookie is SameSite=None; Partitioned (CHIPS) lets browsers that block third-party cookies keep it, in a jar of
 * its own for each site framing the app. CSRF stays covered without Lax: every non-GET API request from a page
 * outside APP_ORIGINS is refused by the Origin check (sameOriginWrites), and no API answer is readable
 * cross-origin. An app configured only with plain-http origins (local development) keeps Lax, since None demands
 * Secure, which browsers refuse over http.
 *
 * Which of the two is decided from the configured origins, never from the request's Host header: a proxy that
 * forwards `Host: localhost` to a deployed app must not get its session cookie without Secure.
 */
const cookieOptionsFor = (origins: readonly string[]) =>
  origins.some((origin) => origin.startsWith('https:'))
    ? ({ httpOnly: true, sameSite: 'None', path: '/', secure: true, partitioned: true } as const)
    : ({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false } as const)

export type AuthDeps = {
  db: Database
  config: AuthConfig
  now: () => Date
  /** Names the client a request comes from, whose requests the rate limits count together. */
  clientKey: (c: Context) => string
  /** Where the limits are counted. */
  rateLimits: RateLimitStore
}

/** Sign-In with Ethereum for RainbowKit's authentication adapter; see docs/decisions/sign-in.md. */
export function authRoutes({ db, config, now, clientKey, rateLimits }: AuthDeps) {
  const nonceTtlMs = config.nonceTtlMs ?? NONCE_TTL_MS
  const sessionTtlMs = config.sessionTtlMs ?? SESSION_TTL_MS
  const cookieOptions = cookieOptionsFor(config.origins)
  const limits = config.rateLimits ?? DEFAULT_SIGN_IN_LIMITS
  // Each nonce is a row, and each attempt may make the chain's node check a signature: both are counted per client.
  const nonceLimit = rateLimit(rateLimits('sign-in-nonces', limits.nonce), 'sign-in nonces', clientKey)
  const verifyLimit = rateLimit(rateLimits('sign-in-attempts', limits.verify), 'sign-in attempts', clientKey)
  // Each session read is a database lookup, which a page makes on load and when its wallet changes.
  const sessionLimit = rateLimit(rateLimits('session-checks', limits.session), 'session checks', clientKey)
  const clients = new Map<number, PublicClient>(
    config.chains.map(({ chain, rpcUrl }) => [
      chain.id,
      createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }) }),
    ]),
  )
  const chainNames = new Map(config.chains.map(({ chain }) => [chain.id, chain.name]))

  return (
    new Hono()
      // A POST from another site was refused by the app's Origin check (sameOriginWrites) before it could sign in,
      // or clear the cookie with a cross-site form (whose response could set it whatever its SameSite).
      .use(answerHeaders({ 'Cache-Control': 'no-store' }))
      .get('/nonce', nonceLimit, async (c) => {
        // The nonce is bound to a secret only this browser holds (see issueNonce), so that a signed message seen by
        // someone else before it is used (a leaked log, a shared screen, a phishing page relaying it) does not sign
        // them in. A browser keeps its secret while it lasts, so that two tabs signing in at once both succeed; each
        // nonce renews it for the nonce's life.
        const binding = nonceBinding(c) ?? newNonceBinding()
        setCookie(c, NONCE_BINDING_COOKIE, binding, {
          ...cookieOptions,
          path: NONCE_BINDING_PATH,
          maxAge: Math.floor(nonceTtlMs / 1000),
        })
        return c.json({ nonce: await issueNonce(db, now(), nonceTtlMs, binding) }, 200)
      })
      .post(
        '/verify',
        verifyLimit,
        limitBody(MAX_BODY_BYTES, `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`),
        jsonBody,
        validJson(verifyBody),
        async (c) => {
          const { message, signature } = c.req.valid('json')
          const time = now()
          const check = checkSiweMessage(message, {
            origins: config.origins,
            chains: chainNames,
            now: time,
            maxAgeMs: nonceTtlMs,
          })
          if (!check.ok) return c.json({ error: check.error }, check.status)
          const { siwe } = check

          // Checked before the chain is asked, but spent only after: a failed attempt leaves the nonce to
          // RainbowKit's retry, which reuses it.
          const state = await nonceState(db, siwe.nonce, time)
          if (state !== 'usable') return c.json({ error: nonceErrors[state] }, 401)
          const binding = nonceBinding(c)
          if (!binding || !isNonceBoundTo(siwe.nonce, binding)) return c.json({ error: nonceErrors.otherBrowser }, 401)

          const client = clients.get(siwe.chainId)
          if (!client) throw new Error(`no client for chain ${siwe.chainId}`)
          const checked = await checkSignature(client, { address: siwe.address, message, signature })
          if (checked.kind === 'invalid')
            return c.json({ error: 'The signature does not match the message and its address.' }, 401)
          if (checked.kind === 'unreachable') {
            logOf(c).error(
              `sign-in: the node of chain ${siwe.chainId} could not check a signature: ${shortMessage(checked.error)}`,
            )
            return c.json({ error: 'The chain could not be reached to check the signature; try again.' }, 503)
          }

          const started = await startSession(db, siwe, now(), sessionTtlMs)
          if (!started) return c.json({ error: nonceErrors.used }, 401)
          const previous = sessionToken(c)
          if (previous) await endSession(db, previous)
          setCookie(c, SESSION_COOKIE, started.token, { ...cookieOptions, maxAge: Math.floor(sessionTtlMs / 1000) })
          return c.json({ address: started.session.address, chainId: started.session.chainId }, 200)
        },
      )
      .get('/session', sessionLimit, async (c) => {
        const token = sessionToken(c)
        const session = token ? await findSession(db, token, now()) : null
        if (!session) {
          if (token) deleteCookie(c, SESSION_COOKIE, cookieOptions)
          return c.json({ authenticated: false as const }, 200)
        }
        return c.json({ authenticated: true as const, address: session.address, chainId: session.chainId }, 200)
      })
      .post('/logout', async (c) => {
        const token = sessionToken(c)
        if (token) await endSession(db, token)
        deleteCookie(c, SESSION_COOKIE, cookieOptions)
        return c.json({ ok: true as const }, 200)
      })
  )
}

const nonceErrors = {
  unknown: 'The sign-in nonce is unknown; request a new one and sign again.',
  expired: 'The sign-in nonce has expired; request a new one and sign again.',
  used: 'The sign-in nonce has already been used; request a new one and sign again.',
  otherBrowser:
    'The sign-in nonce was issued to another browser, or this one did not keep its cookie; request a new one and sign again.',
} as const

const shortMessage = (error: unknown) =>
  error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
