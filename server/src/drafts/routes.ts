import { type Context, Hono } from 'hono'
import { requireSession } from '../auth/session'
import type { Session } from '../auth/store'
import type { DraftWriteLimits } from '../config'
import type { Database } from '../db'
import { answerHeaders, jsonBody, limitBody, validInput, validJson } from '../http'
import { type RateLimitStore, rateLimit } from '../rate-limit'
import { draftChangesInput, draftIdParams, newDraftInput } from './input'
import { createDraft, type Draft, deleteDraft, findDraft, listDrafts, MAX_DRAFTS, updateDraft } from './store'

/** Largest request body accepted for one draft, in bytes. */
export const MAX_DRAFT_BYTES = 4096

export type DraftDeps = {
  db: Database
  now: () => Date
  /** Names the client a request comes from, whose requests the rate limits count together. */
  clientKey: (c: Context) => string
  writeLimits: DraftWriteLimits
  /** Where the limits are counted. */
  rateLimits: RateLimitStore
}

/** A draft as the API answers with it: its own fields and nothing else. */
const toJson = (draft: Draft) => ({
  id: draft.id,
  owner: draft.owner,
  name: draft.name,
  chainId: draft.chainId,
  skyId: draft.skyId,
  layers: draft.layers,
  createdAt: draft.createdAt.toISOString(),
  updatedAt: draft.updatedAt.toISOString(),
})

export type DraftJson = ReturnType<typeof toJson>

const errors = {
  signedOut: 'Sign in to keep drafts.',
  missing: 'There is no draft at this address; it may have been deleted.',
  notOwner: 'This draft belongs to another player; only its owner can change or delete it.',
  full: `You have ${MAX_DRAFTS} drafts, the most one player can keep; delete one to save another.`,
  tooLarge: `A draft is limited to ${MAX_DRAFT_BYTES} bytes; this request is larger.`,
} as const

/** The signed-in account a write is counted under; set by requireSession, which runs first. */
const accountKey = (c: Context) => `account:${(c.get('session') as Session).address.toLowerCase()}`

/** The Compose page's drafts; see docs/decisions/drafts.md. */
export function draftRoutes({ db, now, clientKey, writeLimits, rateLimits }: DraftDeps) {
  const signedIn = requireSession({ db, now }, errors.signedOut)
  // Writes are counted per client before the session is looked up, so that a script's flood costs no database
  // work past the limit and signing in one new account after another (each with room for MAX_DRAFTS) gains
  // nothing; and per account once signed in, so that one account writes at a person's pace from any number of
  // addresses.
  const clientWrites = rateLimit(rateLimits('draft-writes', writeLimits.client), 'draft changes', clientKey)
  const accountWrites = rateLimit(
    rateLimits('account-draft-writes', writeLimits.account),
    'draft changes',
    accountKey,
    {
      whose: 'by this account',
    },
  )
  const sizeLimit = limitBody(MAX_DRAFT_BYTES, errors.tooLarge)
  // A malformed id is answered like an unknown one: to the link's holder both are a draft that is not there.
  const id = validInput('param', draftIdParams, (_, c) => c.json({ error: errors.missing }, 404))

  return new Hono()
    .use(answerHeaders({ 'Cache-Control': 'no-store' }))
    .get('/', signedIn, async (c) => {
      const list = await listDrafts(db, c.var.session.address)
      return c.json({ drafts: list.map(toJson) }, 200)
    })
    .post('/', clientWrites, signedIn, accountWrites, sizeLimit, jsonBody, validJson(newDraftInput), async (c) => {
      const draft = await createDraft(db, c.var.session.address, c.req.valid('json'), now())
      if (!draft) return c.json({ error: errors.full }, 409)
      c.header('Location', `/api/drafts/${draft.id}`)
      return c.json(toJson(draft), 201)
    })
    .get('/:id', id, async (c) => {
      const draft = await findDraft(db, c.req.valid('param').id)
      if (!draft) return c.json({ error: errors.missing }, 404)
      return c.json(toJson(draft), 200)
    })
    .patch(
      '/:id',
      clientWrites,
      signedIn,
      accountWrites,
      sizeLimit,
      jsonBody,
      id,
      validJson(draftChangesInput),
      async (c) => {
        const result = await updateDraft(db, c.req.valid('param').id, c.var.session.address, c.req.valid('json'), now())
        if (result.ok) return c.json(toJson(result.value), 200)
        return result.reason === 'missing'
          ? c.json({ error: errors.missing }, 404)
          : c.json({ error: errors.notOwner }, 403)
      },
    )
    .delete('/:id', clientWrites, signedIn, accountWrites, id, async (c) => {
      const result = await deleteDraft(db, c.req.valid('param').id, c.var.session.address)
      if (result.ok) return c.body(null, 204)
      return result.reason === 'missing'
        ? c.json({ error: errors.missing }, 404)
        : c.json({ error: errors.notOwner }, 403)
    })
}
