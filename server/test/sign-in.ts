// Sign-in for tests: what the web app does, through `app.request`. Not imported by the server itself.
import type { LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { NONCE_BINDING_COOKIE } from '../src/auth/routes'
import { SESSION_COOKIE } from '../src/auth/session'

/** What tests need of an app. */
export type Requestable = { request: (path: string, init?: RequestInit) => Response | Promise<Response> }

/** The dev server's origin, which test apps list in `auth.origins`. */
export const testOrigin = 'http://localhost:5173'

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
export function browser(app: Requestable): Requestable & { binding: () => string | undefined } {
  let binding: string | undefined
  return {
    binding: () => binding,
    async request(path, init = {}) {
      const headers = new Headers(init.headers)
      if (binding) headers.set('Cookie', [headers.get('Cookie'), binding].filter(Boolean).join('; '))
      const res = await app.request(path, { ...init, headers })
      binding = nonceBindingOf(res) ?? binding
      return res
    },
  }
}

/**
 * Signs a fresh account (or `account`) in on an app that accepts chain 31337 and {@link testOrigin}; resolves with
 * the account and the `Cookie` header that carries its session. An EOA's signature is checked by ECDSA recovery
 * when the chain's node cannot be reached, so the app's RPC URL may point nowhere.
 */
export async function signIn(
  app: Requestable,
  at: Date,
  account: LocalAccount = privateKeyToAccount(generatePrivateKey()),
) {
  const tab = browser(app)
  const { nonce } = (await (await tab.request('/api/auth/nonce')).json()) as { nonce: string }
  const message = messageFor(account, nonce, at)
  const res = await tab.request('/api/auth/verify', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: testOrigin },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  })
  const cookie = sessionCookieOf(res)
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  return { account, cookie }
}
