// The API session is the first thing the wallet stack asks for once it runs (the header's signed-in mark and the
// drafts read it). Asked for as the stack is fetched, its answer is in by the time the stack has loaded, instead of
// one round trip after.

import { api } from '@/lib/api/client'

type SessionResponse = ReturnType<typeof api.auth.session.$get>

let early: SessionResponse | undefined

/** Asks the API for the browser's session now, for the wallet stack's first read of it. */
export function prefetchSession() {
  early ??= api.auth.session.$get()
  // A failure is the stack's to report when it reads the answer.
  early.catch(() => {})
}

/** The session's answer: the prefetched one the first time (once only), a fresh request after that. */
export function sessionResponse(): SessionResponse {
  const response = early ?? api.auth.session.$get()
  early = undefined
  return response
}
