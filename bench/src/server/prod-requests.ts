// The requests of the production bench's draft routes (prod-load.ts): fresh accounts signed in at a base, each with a
// draft of its own, and autocannon's options for reading and writing them.
import { signIn } from '@chainellation/server/testing/sign-in'
import type autocannon from 'autocannon'
import { sepolia } from 'viem/chains'
import { CONNECTIONS } from './load-rounds'

const layers = [1, 2, 3].map((layer) => ({ layer, decorationId: 0, tokenId: '0' }))

/** A fresh account signed in at `base`, and a draft of its own. */
export async function accountAt(base: string, origin: string) {
  const { cookie } = await signIn(base, { origin, fields: { chainId: sepolia.id } })
  const writeHeaders = { cookie, origin, 'content-type': 'application/json' }
  const created = await fetch(`${base}/api/drafts`, {
    method: 'POST',
    headers: writeHeaders,
    body: JSON.stringify({ name: 'Load', chainId: sepolia.id, skyId: '1', layers }),
  })
  if (created.status !== 201) throw new Error(`creating a draft failed: ${created.status} ${await created.text()}`)
  const { id } = (await created.json()) as { id: string }
  return { cookie, id }
}

export type Account = Awaited<ReturnType<typeof accountAt>>

/** Players signed in, at least one: the first also asks the routes of one account (its session, its draft). */
export type Writers = [Account, ...Account[]]

/** {@link WRITERS} fresh accounts signed in at `base`, each with a draft of its own. */
export async function writersAt(base: string, origin = base): Promise<Writers> {
  const writers: Writers = [await accountAt(base, origin)]
  while (writers.length < WRITERS) writers.push(await accountAt(base, origin))
  return writers
}

/** The session, draft read and draft write routes at `base`, as `account` asks them. */
export function routesAt(base: string, origin: string, { cookie, id }: Account) {
  const writeHeaders = { cookie, origin, 'content-type': 'application/json' }
  return {
    session: { url: `${base}/api/auth/session`, headers: { cookie } },
    draftRead: { url: `${base}/api/drafts/${id}` },
    draftWrite: {
      url: `${base}/api/drafts/${id}`,
      method: 'PATCH' as const,
      headers: writeHeaders,
      body: JSON.stringify({ name: 'Loaded' }),
    },
  }
}

/**
 * How many players' drafts the writes go to, one for each connection. Each write to a row waits for the commit of the
 * one before it, so writes to one draft from 50 connections measure a row's lock queue, Postgres's commit time one
 * after another (1,200-1,600 renames a second of one row straight to Postgres here, 7,000-10,000 spread over 50 rows).
 * No player queues there: an account writes 20 drafts a minute (ACCOUNT_DRAFT_WRITE_RATE_LIMIT). The one-draft figure
 * is kept beside, as the route with the most contention it can meet.
 */
export const WRITERS = CONNECTIONS

/**
 * Renames of `writers`' drafts, each player's own in turn: the first writer's request, its path and cookie changed to
 * the next writer's for each request autocannon sends.
 */
export function writesAcross(base: string, origin: string, writers: Writers): autocannon.Options {
  let turn = 0
  return {
    ...routesAt(base, origin, writers[0]).draftWrite,
    requests: [
      {
        setupRequest: (request) => {
          const { id, cookie } = writers[turn++ % writers.length] as Account
          return { ...request, path: `/api/drafts/${id}`, headers: { ...request.headers, cookie } }
        },
      },
    ],
  }
}
