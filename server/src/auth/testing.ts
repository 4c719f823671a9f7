// Sign-in for tests: what the web app does, through `app.request`. Not imported by the server itself.
import type { LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { SESSION_COOKIE } from './routes'

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

/** The `name=value` pair of the session cookie a response sets. */
export const sessionCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0]

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
  const { nonce } = (await (await app.request('/api/auth/nonce')).json()) as { nonce: string }
  const message = messageFor(account, nonce, at)
  const res = await app.request('/api/auth/verify', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: testOrigin },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  })
  const cookie = sessionCookieOf(res)
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  return { account, cookie }
}
