import { describe, expect, it } from 'vitest'
import type { DraftJson } from '../src/drafts/routes'
import { contentOf, judgeLane, type Lane, type Op, planLanes } from './durability'

const draft = (lane: number, version: number, updatedAt = `2026-03-01T21:00:0${version}.000Z`): DraftJson => ({
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  owner: '0x0000000000000000000000000000000000000001',
  chainId: 31337,
  ...contentOf(lane, version),
  createdAt: '2026-03-01T21:00:01.000Z',
  updatedAt,
})

/** A lane whose writes up to `ackedUpTo` were answered, with `unanswered` still on its way at the kill. */
function lane(ops: Op[], ackedUpTo: number, unanswered?: Op): Lane {
  return {
    index: 7,
    cookie: 'session=x',
    ops,
    id: 'AAAAAAAAAAAAAAAAAAAAAA',
    acked: ops
      .filter((op) => op.version <= ackedUpTo)
      .map((op) => ({ op, answer: op.kind === 'delete' ? undefined : draft(7, op.version) })),
    unanswered,
  }
}

const create: Op = { kind: 'create', version: 1 }
const updates = (to: number): Op[] =>
  Array.from({ length: to - 1 }, (_, i) => ({ kind: 'update' as const, version: i + 2 }))

describe('judgeLane', () => {
  it('finds every acknowledged write when the draft is at the last acknowledged version, as answered', () => {
    expect(judgeLane(lane([create, ...updates(5)], 4), { status: 200, draft: draft(7, 4) })).toEqual({ found: 4 })
  })

  it('accepts the unanswered write having been committed before the kill', () => {
    const ops = [create, ...updates(5)]
    expect(judgeLane(lane(ops, 4, ops[4]), { status: 200, draft: draft(7, 5) })).toEqual({ found: 4 })
  })

  it('counts only the writes up to an older version that survived', () => {
    const verdict = judgeLane(lane([create, ...updates(5)], 4), { status: 200, draft: draft(7, 2) })
    expect(verdict.found).toBe(2)
    expect(verdict.problem).toMatch(/^lane 7: draft \S+ holds .*"Lane 7 v2".*, its last acknowledged write was v4 /)
  })

  it('does not take a different timestamp for the acknowledged version', () => {
    const verdict = judgeLane(lane([create, ...updates(3)], 3), {
      status: 200,
      draft: draft(7, 3, '2026-03-01T22:00:00.000Z'),
    })
    expect(verdict.found).toBe(3)
    expect(verdict.problem).toBeDefined()
  })

  it('finds an acknowledged delete, or one on its way, in a draft that is gone', () => {
    const ops: Op[] = [create, ...updates(3), { kind: 'delete', version: 4 }]
    expect(judgeLane(lane(ops, 4), { status: 404 })).toEqual({ found: 4 })
    expect(judgeLane(lane(ops, 3, ops[3]), { status: 404 })).toEqual({ found: 3 })
  })

  it('finds nothing of a draft that is gone without a delete, nor a delete that did not happen', () => {
    const ops: Op[] = [create, ...updates(3), { kind: 'delete', version: 4 }]
    expect(judgeLane(lane(ops, 3), { status: 404 })).toMatchObject({
      found: 0,
      problem: expect.stringContaining('gone'),
    })
    expect(judgeLane(lane(ops, 4), { status: 200, draft: draft(7, 3) })).toMatchObject({
      found: 3,
      problem: expect.stringContaining('(a delete)'),
    })
  })

  it('has nothing to find in a lane whose create was never answered', () => {
    const ops = [create, ...updates(3)]
    expect(judgeLane({ ...lane(ops, 0, create), id: undefined }, { status: 404 })).toEqual({ found: 0 })
  })
})

describe('planLanes', () => {
  it('spreads the lanes over the accounts, every fourth one short and ending in a delete', () => {
    const lanes = planLanes(['a', 'b'], 8)
    expect(lanes.map((l) => l.cookie)).toEqual(['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b'])
    expect(lanes[3]?.ops.map((op) => op.kind)).toEqual(['create', 'update', 'update', 'delete'])
    expect(lanes[0]?.ops).toHaveLength(11)
    for (const l of lanes) expect(l.ops.map((op) => op.version)).toEqual(l.ops.map((_, i) => i + 1))
  })
})
