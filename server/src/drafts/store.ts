import { randomBytes } from 'node:crypto'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../db'
import { preparedFor } from '../db/prepared'
import { drafts } from '../db/schema'
import type { DraftChanges, NewDraft } from './input'

/** The most drafts one address can keep. */
export const MAX_DRAFTS = 50

/** First key of the advisory locks that serialise one owner's creates ("drft"); the second is the owner's hash. */
const CREATE_LOCK = 0x64726674

export type Draft = typeof drafts.$inferSelect

/** 128 random bits, base64url: the draft's id and the capability its share link carries. */
export const newDraftId = () => randomBytes(16).toString('base64url')

/** The owner's drafts, the most recently changed first. */
export function listDrafts(db: Database, owner: string): Promise<Draft[]> {
  return db
    .select()
    .from(drafts)
    .where(eq(drafts.owner, owner))
    .orderBy(desc(drafts.updatedAt), desc(drafts.createdAt), drafts.id)
}

export async function findDraft(db: Database, id: string): Promise<Draft | null> {
  const [row] = await draftById(db).execute({ id })
  return row ?? null
}

/** A shared draft is read on every visit of its link: its query is prepared once (db/prepared.ts). */
const draftById = preparedFor((db) =>
  db
    .select()
    .from(drafts)
    .where(eq(drafts.id, sql.placeholder('id')))
    .prepare('find_draft'),
)

/**
 * Saves a new draft unless the owner already has {@link MAX_DRAFTS}; `null` then. The count and the insert run in
 * one transaction holding a lock keyed by the owner, so two creates racing at 49 run one after the other and the
 * second counts the first's row. A plain `INSERT … WHERE (SELECT count(*) …) < 50` would not do: under READ
 * COMMITTED each of the two sees only the 49 committed rows, and both insert.
 */
export function createDraft(db: Database, owner: string, input: NewDraft, now: Date): Promise<Draft | null> {
  return db.transaction(
    async (tx) => {
      // Held until commit or rollback. Owners whose hashes collide only wait for each other.
      await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(CREATE_LOCK))}, hashtext(${owner}::text))`)
      // Each statement of a READ COMMITTED transaction sees what committed before it began: the lock came first.
      const [held] = await tx.select({ n: count() }).from(drafts).where(eq(drafts.owner, owner))
      if ((held?.n ?? 0) >= MAX_DRAFTS) return null
      const [row] = await tx
        .insert(drafts)
        .values({ id: newDraftId(), owner, ...input, createdAt: now, updatedAt: now })
        .returning()
      return row ?? null
    },
    { isolationLevel: 'read committed' },
  )
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: 'missing' | 'not-owner' }

/** Why a change to draft `id` by `owner` matched no row: it does not exist, or it is someone else's. */
async function whyNot(db: Database, id: string, owner: string): Promise<Outcome<never>> {
  const found = await findDraft(db, id)
  return { ok: false, reason: found && found.owner !== owner ? 'not-owner' : 'missing' }
}

/** Applies `changes` to `owner`'s draft `id` in one conditional UPDATE. */
export async function updateDraft(
  db: Database,
  id: string,
  owner: string,
  changes: DraftChanges,
  now: Date,
): Promise<Outcome<Draft>> {
  const [row] = await draftUpdate(db, changes).execute({ ...changes, updatedAt: now, id, owner })
  return row ? { ok: true, value: row } : whyNot(db, id, owner)
}

/** The UPDATE setting `fields` (and the time of the change) on a draft its owner holds. */
const buildDraftUpdate = (db: Database, fields: readonly string[]) =>
  db
    .update(drafts)
    .set(Object.fromEntries([...fields, 'updatedAt'].map((field) => [field, sql.placeholder(field)])))
    .where(and(eq(drafts.id, sql.placeholder('id')), eq(drafts.owner, sql.placeholder('owner'))))
    .returning()
    .prepare(`update_draft_${fields.join('_')}`)

const draftUpdates = preparedFor(() => new Map<string, ReturnType<typeof buildDraftUpdate>>())

/**
 * The UPDATE for the fields `changes` names, prepared once per set of names (a rename, a new layer, both…: a handful),
 * as every edit in the Compose page saves one (db/prepared.ts).
 */
function draftUpdate(db: Database, changes: DraftChanges) {
  const fields = Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([field]) => field)
    .sort()
  const key = fields.join(',')
  const byFields = draftUpdates(db)
  let query = byFields.get(key)
  if (!query) {
    query = buildDraftUpdate(db, fields)
    byFields.set(key, query)
  }
  return query
}

export async function deleteDraft(db: Database, id: string, owner: string): Promise<Outcome<null>> {
  const deleted = await db
    .delete(drafts)
    .where(and(eq(drafts.id, id), eq(drafts.owner, owner)))
    .returning({ id: drafts.id })
  return deleted.length > 0 ? { ok: true, value: null } : whyNot(db, id, owner)
}
