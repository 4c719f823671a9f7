// Not imported by the server itself: what the sign-in routes' tests share. An app on anvil and the test database, on a
// clock the test moves, and the requests those tests make of it.
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import type { LocalAccount } from 'viem'
import { anvil as anvilChain, sepolia } from 'viem/chains'
import type { SiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, expect } from 'vitest'
import { createApp } from '../src/app'
import type { AuthConfig } from '../src/config'
import type { DatabaseHandle } from '../src/db'
import { openTestDatabase } from './database'
import { attemptSignIn, browser, testOrigin as origin, postVerify, type Requestable } from './sign-in'

export const MINUTE = 60_000

/**
 * Registers a test file's chain (anvil) and database (in-memory PGlite by default; TEST_DATABASE_URL runs the same
 * tests against a Postgres server); `setup` makes an app on them.
 */
export function useAuthApps() {
  let chain: Anvil | undefined
  let database: DatabaseHandle | undefined
  beforeAll(async () => {
    ;[chain, database] = await Promise.all([startAnvil(), openTestDatabase()])
  })
  afterAll(async () => {
    await Promise.all([chain?.stop(), database?.close()])
  })
  const started = () => {
    if (!chain || !database) throw new Error('the chain and database start before the first test')
    return { chain, database }
  }
  return {
    /** The local chain's node. */
    get rpcUrl() {
      return started().chain.rpcUrl
    },
    /** An app on a clock the test moves, configured for the local chain and two origins. */
    setup(auth: Partial<AuthConfig> = {}) {
      const { chain, database } = started()
      let time = Date.parse('2026-03-01T21:00:00Z')
      const server = createApp({
        config: {
          chainId: 31337,
          contracts: {},
          auth: {
            origins: [origin, 'http://127.0.0.1:5173', 'https://chainellation.example'],
            // Sepolia is configured as in production, at an address that is never contacted.
            chains: [
              { chain: sepolia, rpcUrl: 'http://127.0.0.1:9/never' },
              { chain: anvilChain, rpcUrl: chain.rpcUrl },
            ],
            ...auth,
          },
        },
        db: database.db,
        now: () => new Date(time),
      })
      return {
        /** The app as one browser talks to it, keeping the cookie its nonces are bound to. */
        app: browser(server),
        server,
        now: () => new Date(time),
        advance: (ms: number) => {
          time += ms
        },
      }
    },
  }
}

export type Setup = ReturnType<ReturnType<typeof useAuthApps>['setup']>

export async function getNonce({ app }: Setup): Promise<string> {
  const res = await app.request('/api/auth/nonce')
  expect(res.status).toBe(200)
  return ((await res.json()) as { nonce: string }).nonce
}

/** Posts to verify as the page at `init.from` (default: the dev server's origin) would. */
export const verify = (
  app: Requestable,
  body: unknown,
  { url, cookie, from }: { url?: string; cookie?: string; from?: string } = {},
) =>
  postVerify(app, body, {
    url: url ?? `${origin}/api/auth/verify`,
    origin: from,
    headers: cookie ? { Cookie: cookie } : {},
  })

/** Fetches a nonce, signs a message (tweaked by `fields`) and posts it. */
export const signIn = (s: Setup, fields: Partial<SiweMessage> = {}, signer?: LocalAccount) =>
  attemptSignIn(s.app, { at: s.now(), fields, signer })

export const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error
