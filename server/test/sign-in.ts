// Sign-in as the web app does it (EIP-4361), for tests and measurements: through an app's `request`, or over HTTP at
// a running API's base URL. Not imported by the server itself.
import type { LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { NONCE_BINDING_COOKIE } from '../src/auth/routes'
import { SESSION_COOKIE } from '../src/auth/session'

/** What tests need of an app: `app.request`, or a running API through {@link overHttp}. */
export type Requestable = { request: (path: string, init?: RequestInit) => Response | Promise<Response> }

/** An app, or the base URL (`http://127.0.0.1:<port>`) of a running API. */
export type Api = Requestable | string

/** The dev server's origin, which test apps list in `auth.origins`. */
export const testOrigin = 'http://localhost:5173'

/** The API at `base` (`http://127.0.0.1:<port>`) through `fetch`, for helpers written against `app.request`. */
export const overHttp = (base: string): Requestable => ({ request: (path, init) => fetch(`${base}${path}`, init) })

const requestableOf = (api: Api): Requestable => (typeof api === 'string' ? overHttp(api) : api)

/** A message as the web app builds it on the local chain, for `account`, overridable field by field. */
export function messageFor(account: LocalAccount, nonce: string, at: Date, fields: Partial<SiweMessage> = {}) {
  return createSiweMessage({
    domain: new URL(testOrigin).host,
    uri: testOrigin,
    address: account.address,
    chainId: 31337,
    nonce,
    issuedAt: at,
    version: '1',
    statement: 'Sign in to chainellation.',
    ...fields,
  })
}

/** The `name=value` pair of the cookie named `name` a response sets. */
const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]

/** The `name=value` pair of the session cookie a response sets. */
export const sessionCookieOf = (res: Response) => cookieOf(res, SESSION_COOKIE)

/** The `name=value` pair of the nonce-binding cookie a nonce's response sets. */
export const nonceBindingOf = (res: Response) => cookieOf(res, NONCE_BINDING_COOKIE)

/**
 * `app` as one browser talks to it: the nonce-binding cookie it is given goes back with every later request,
 * besides the cookies a test passes itself. Session cookies stay the test's to pass, as before.
 */
export function browser(app: Api): Requestable & { binding: () => string | undefined } {
  const target = requestableOf(app)
  let binding: string | undefined
  return {
    binding: () => binding,
    async request(path, init = {}) {
      const headers = new Headers(init.headers)
      if (binding) headers.set('Cookie', [headers.get('Cookie'), binding].filter(Boolean).join('; '))
      const res = await target.request(path, { ...init, headers })
      binding = nonceBindingOf(res) ?? binding
      return res
    },
  }
}

export type VerifyInit = {
  /** The page the request comes from (default: {@link testOrigin}), sent as its Origin. */
  origin?: string
  /** Sent besides (e.g. a Cookie, or X-Forwarded-For behind a proxy). */
  headers?: Record<string, string>
  /** Where it is posted: `/api/auth/verify` unless given. */
  url?: string
}

/** Posts `body` (a message and its signature, or anything a test tries) to verify, as the page at `origin` does. */
export function postVerify(api: Requestable, body: unknown, { origin = testOrigin, headers, url }: VerifyInit = {}) {
  return api.request(url ?? '/api/auth/verify', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
    body: JSON.stringify(body),
  })
}

export type SignInOptions = {
  /** Who signs in: a fresh account unless given. */
  account?: LocalAccount
  /** Who signs the message, when a test wants it signed by another than `account`. */
  signer?: LocalAccount
  /** The message's Issued At (default: now). */
  at?: Date
  /** The page signing in (default: {@link testOrigin}): the message's domain and URI, and the Origin posted from. */
  origin?: string
  /** The message's fields besides, e.g. its chainId (default: the local chain's, 31337). */
  fields?: Partial<SiweMessage>
  /** Sent with the nonce's request and the verify alike (e.g. X-Forwarded-For behind a proxy). */
  headers?: Record<string, string>
}

/**
 * One sign-in attempt by `tab` (a {@link browser}, which keeps the nonce's binding cookie): a nonce, the message,
 * its signature and the post to verify. Resolves with the answer and what was sent, whatever the answer.
 */
export async function attemptSignIn(tab: Requestable, options: SignInOptions = {}) {
  const { origin = testOrigin, headers } = options
  const account = options.account ?? privateKeyToAccount(generatePrivateKey())
  const issued = await tab.request('/api/auth/nonce', { headers })
  if (issued.status !== 200) throw new Error(`no nonce: ${issued.status} ${await issued.text()}`)
  const { nonce } = (await issued.json()) as { nonce: string }
  const page = { domain: new URL(origin).host, uri: origin }
  const message = messageFor(account, nonce, options.at ?? new Date(), { ...page, ...options.fields })
  const signature = await (options.signer ?? account).signMessage({ message })
  const res = await postVerify(tab, { message, signature }, { origin, headers })
  return { res, account, nonce, message, signature }
}

/**
 * Signs a fresh account (or `options.account`) in on `api`, an app or a running API's base URL, that accepts the
 * message's chain (31337 unless `options.fields` says otherwise) and origin ({@link testOrigin} unless given); resolves
 * with the account and the `Cookie` header that carries its session. An EOA's signature is checked by ECDSA recovery
 * when the chain's node cannot be reached, so the app's RPC URL may point nowhere.
 */
export async function signIn(api: Api, options: SignInOptions = {}) {
  const { res, account } = await attemptSignIn(browser(api), options)
  const cookie = sessionCookieOf(res)
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  return { account, cookie }
}

/** Signs `count` fresh accounts in on `api` one after another, as {@link signIn}; resolves with each `Cookie` header. */
export async function signInMany(api: Api, count: number, options: Omit<SignInOptions, 'account'> = {}) {
  const cookies: string[] = []
  for (let i = 0; i < count; i++) cookies.push((await signIn(api, options)).cookie)
  return cookies
}
