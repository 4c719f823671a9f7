import type { InferResponseType } from 'hono/client'
import { isHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { api } from '@/lib/api/client'
import { sessionResponse } from './session-prefetch'

/** What the API says about the browser's session. */
export type Session = InferResponseType<typeof api.auth.session.$get, 200>

/** The current session (asked for as the wallet stack was fetched, the first time); throws when the API cannot be reached. */
export async function fetchSession(): Promise<Session> {
  const response = await sessionResponse()
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`)
  return response.json()
}

/**
 * A fresh single-use nonce from the API, bound to this browser by the cookie the answer sets (fetch keeps and
 * sends cookies of its own origin by default); verify is refused for a nonce this browser did not fetch.
 */
export async function fetchNonce(): Promise<string> {
  const response = await api.auth.nonce.$get()
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`)
  return (await response.json()).nonce
}

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

/**
 * Sends the signed message; resolves with the session the API opened, or undefined when it refused (a signature that
 * is not hex is refused before it is sent).
 */
export async function verifySignIn(message: string, signature: string): Promise<Session | undefined> {
  if (!isHex(signature)) return undefined
  const response = await api.auth.verify.$post({ json: { message, signature } })
  if (!response.ok) return undefined
  return { authenticated: true, ...(await response.json()) }
}

/** Ends the session on the server. */
export async function signOut(): Promise<void> {
  await api.auth.logout.$post()
}
