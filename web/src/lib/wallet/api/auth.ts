import { createSiweMessage } from 'viem/siwe'
import { sessionResponse } from '../shell/session-prefetch'

/** What the API says about the browser's session. */
export type Session = { authenticated: true; address: string; chainId: number } | { authenticated: false }

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`)
  return (await response.json()) as T
}

/** The current session (asked for as the wallet stack was fetched, the first time); throws when the API cannot be reached. */
export const fetchSession = async (): Promise<Session> => json(await sessionResponse())

/**
 * A fresh single-use nonce from the API, bound to this browser by the cookie the answer sets (fetch keeps and
 * sends cookies of its own origin by default); verify is refused for a nonce this browser did not fetch.
 */
export const fetchNonce = async (): Promise<string> =>
  (await json<{ nonce: string }>(await fetch('/api/auth/nonce'))).nonce

/** The EIP-4361 message the wallet signs, bound to this origin. */
export function signInMessage(args: { nonce: string; address: `0x${string}`; chainId: number }, at = window.location) {
  return createSiweMessage({
    domain: at.host,
    uri: at.origin,
    address: args.address,
    chainId: args.chainId,
    nonce: args.nonce,
    version: '1',
    statement: 'Sign in to chainellation.',
  })
}

/** Sends the signed message; resolves true when the API opened a session. */
export async function verifySignIn(message: string, signature: string): Promise<boolean> {
  const response = await fetch('/api/auth/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature }),
  })
  return response.ok
}

/** Ends the session on the server. */
export async function signOut(): Promise<void> {
  await fetch('/api/auth/logout', { method: 'POST' })
}
