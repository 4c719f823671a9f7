// A burst of draft writes against a running API, cut short by a kill, and the check of what survived it. Used by
// the durability tests; not imported by the server itself.
import { isDeepStrictEqual } from 'node:util'
import type { DraftLayer } from '../src/db/schema'
import type { DraftJson } from '../src/drafts/routes'
import { testOrigin } from './sign-in'

/**
 * One draft's writes, made one after the other so that their order is known: a create (version 1), updates
 * (versions 2…), and for some a delete. Lanes run side by side, so the server sees many writes at once.
 */
export type Lane = {
  index: number
  /** The `Cookie` header of the account that owns the draft. */
  cookie: string
  ops: Op[]
  /** Known once the create is acknowledged. */
  id?: string
  /** Writes answered 2xx, in order, each with the draft the answer carried (none for a delete). */
  acked: { op: Op; answer?: DraftJson }[]
  /** The write sent and never answered: the kill came first. It may or may not have been committed. */
  unanswered?: Op
  /** A write answered with anything but 2xx before the kill (a bug, not a crash). */
  refused?: { op: Op; status: number; body: string }
}

export type Op = { kind: 'create' | 'update' | 'delete'; version: number }

/** What version `v` of lane `i` holds: every field changes with the version. */
export const contentOf = (lane: number, version: number): { name: string; skyId: string; layers: DraftLayer[] } => ({
  name: `Lane ${lane} v${version}`,
  skyId: String(version),
  layers: [
    { layer: 1, decorationId: 1 + (version % 3), tokenId: '0' },
    { layer: 2, decorationId: 0, tokenId: '0' },
    { layer: 3, decorationId: version, tokenId: String(lane) },
  ],
})

/**
 * Plans `lanes` lanes over the accounts whose cookies are given: every fourth lane is short and ends in a delete
 * (so deletes are acknowledged early in the burst), the others are long runs of updates.
 */
export function planLanes(cookies: string[], lanes: number): Lane[] {
  return Array.from({ length: lanes }, (_, index) => {
    const short = index % 4 === 3
    const updates = short ? 2 : 10 + (index % 7)
    const ops: Op[] = [{ kind: 'create', version: 1 }]
    for (let v = 2; v <= updates + 1; v++) ops.push({ kind: 'update', version: v })
    if (short) ops.push({ kind: 'delete', version: updates + 2 })
    return { index, cookie: cookies[index % cookies.length] as string, ops, acked: [] }
  })
}

const request = (cookie: string, method: string, body?: unknown): RequestInit => ({
  method,
  headers: {
    Origin: testOrigin,
    Cookie: cookie,
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
  },
  body: body === undefined ? undefined : JSON.stringify(body),
})

/**
 * Runs every lane at once against `base`; once `killAfter` writes have been acknowledged, calls `kill` (which
 * sends the server SIGKILL) and lets the lanes run into the dead server. A write counts as acknowledged once its
 * 2xx answer has been read whole; answers already on their way when the server died count too.
 */
export async function burst(base: string, lanes: Lane[], killAfter: number, kill: () => void): Promise<void> {
  let acknowledged = 0
  let killed = false
  const acknowledge = () => {
    acknowledged++
    if (!killed && acknowledged >= killAfter) {
      killed = true
      kill()
    }
  }
  await Promise.all(
    lanes.map(async (lane) => {
      for (const op of lane.ops) {
        const content = contentOf(lane.index, op.version)
        const init =
          op.kind === 'create'
            ? request(lane.cookie, 'POST', { ...content, chainId: 31337 })
            : op.kind === 'update'
              ? request(lane.cookie, 'PATCH', content)
              : request(lane.cookie, 'DELETE')
        const url = op.kind === 'create' ? `${base}/api/drafts` : `${base}/api/drafts/${lane.id}`
        lane.unanswered = op
        let res: Response
        let text: string
        try {
          res = await fetch(url, init)
          text = await res.text()
        } catch {
          return // The server is gone; this write stays unanswered.
        }
        if (!res.ok) {
          lane.unanswered = undefined
          lane.refused = { op, status: res.status, body: text }
          return
        }
        const answer = op.kind === 'delete' ? undefined : (JSON.parse(text) as DraftJson)
        if (answer && op.kind === 'create') lane.id = answer.id
        lane.acked.push({ op, answer })
        lane.unanswered = undefined
        acknowledge()
      }
    }),
  )
}

/** What a lane's draft looks like after the restart: the answer of GET /api/drafts/:id. */
export type Found = { status: 200; draft: DraftJson } | { status: 404 }

export type LaneVerdict = {
  /** Acknowledged writes of the lane whose effect is in the database (see {@link judgeLane}). */
  found: number
  /** Why the lane's draft is not what its acknowledged writes left, when it is not. */
  problem?: string
}

const matches = (lane: number, version: number, draft: DraftJson) =>
  isDeepStrictEqual(
    { name: draft.name, skyId: draft.skyId, layers: draft.layers, chainId: draft.chainId },
    { ...contentOf(lane, version), chainId: 31337 },
  )

/**
 * Judges one lane by its draft after the restart. An acknowledged write is found when the draft is at its version
 * or a later one of the same lane (each lane writes one at a time, so a later version was written after it): the
 * last acknowledged version exactly as its answer had it, or the unanswered write's, which may have committed
 * before the kill. An acknowledged delete is found when the draft is gone.
 */
export function judgeLane(lane: Lane, after: Found): LaneVerdict {
  const last = lane.acked.at(-1)
  if (!last) return { found: 0 }
  const all = lane.acked.length
  const late = lane.unanswered
  if (after.status === 404) {
    if (last.op.kind === 'delete' || late?.kind === 'delete') return { found: all }
    return {
      found: 0,
      problem: `lane ${lane.index}: draft ${lane.id} is gone, its last acknowledged write was v${last.op.version}`,
    }
  }
  const { draft } = after
  if (last.answer && isDeepStrictEqual(draft, last.answer)) return { found: all }
  if (late && late.kind !== 'delete' && late.version > last.op.version && matches(lane.index, late.version, draft)) {
    return { found: all }
  }
  // Something older survived, or something else: only the writes up to the version it holds are there.
  const held = lane.acked.find(({ op }) => op.kind !== 'delete' && matches(lane.index, op.version, draft))
  const found = held ? lane.acked.filter(({ op }) => op.version <= held.op.version).length : 0
  return {
    found,
    problem: `lane ${lane.index}: draft ${lane.id} holds ${JSON.stringify(draft)}, its last acknowledged write was v${last.op.version}${
      last.answer ? ` ${JSON.stringify(last.answer)}` : ' (a delete)'
    }`,
  }
}
