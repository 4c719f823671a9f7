// The draft routes' limits (a draft's size, a player's number of drafts), the typed client, and a round trip.
import fc from 'fast-check'
import { hc } from 'hono/client'
import { describe, expect, it } from 'vitest'
import { call, draftOf, errorOf, fill, listOf, player, sample, useDraftApps } from '../../test/drafts-app'
import { testOrigin } from '../../test/sign-in'
import type { AppType } from '../app'
import type { DraftLayer } from '../db/schema'
import { type DraftJson, MAX_DRAFT_BYTES } from './routes'
import { MAX_DRAFTS } from './store'

const { setup } = useDraftApps()

describe('the 4 KB limit', () => {
  /** A valid draft's JSON padded with trailing spaces (still valid JSON) to exactly `bytes` bytes. */
  const bodyOf = (bytes: number, body: unknown = sample()) => {
    const json = JSON.stringify(body)
    const padding = bytes - Buffer.byteLength(json)
    expect(padding).toBeGreaterThanOrEqual(0)
    return json + ' '.repeat(padding)
  }

  it('takes a body of exactly 4096 bytes and refuses 4097 with 413', async () => {
    const s = setup()
    const p = await player(s)
    expect(Buffer.byteLength(bodyOf(MAX_DRAFT_BYTES))).toBe(4096)
    const ok = await call(s, 'POST', '/api/drafts', { cookie: p.cookie, raw: bodyOf(4096) })
    expect(ok.status).toBe(201)
    const refused = await call(s, 'POST', '/api/drafts', { cookie: p.cookie, raw: bodyOf(4097) })
    expect(refused.status).toBe(413)
    expect(await errorOf(refused)).toBe('A draft is limited to 4096 bytes; this request is larger.')
    expect(await listOf(await p.list())).toHaveLength(1)
  })

  it('counts bytes, not characters', async () => {
    const s = setup()
    const p = await player(s)
    // 80 emoji are 320 bytes of UTF-8 in 160 UTF-16 units; the body is 4097 bytes but far fewer characters.
    const body = bodyOf(4097, sample({ name: '🌌'.repeat(80) }))
    expect(body.length).toBeLessThan(4097)
    const res = await call(s, 'POST', '/api/drafts', { cookie: p.cookie, raw: body })
    expect(res.status).toBe(413)
  })

  it('trusts no declared length: a streamed body is measured as it arrives', async () => {
    const s = setup()
    const p = await player(s)
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(bodyOf(4097)))
        controller.close()
      },
    })
    const res = await s.app.request('/api/drafts', {
      method: 'POST',
      headers: { Origin: testOrigin, 'Content-Type': 'application/json', Cookie: p.cookie },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
  })

  it('applies to changes too', async () => {
    const s = setup()
    const p = await player(s)
    const { id } = await draftOf(await p.create())
    const change = { name: 'Padded' }
    expect((await call(s, 'PATCH', `/api/drafts/${id}`, { cookie: p.cookie, raw: bodyOf(4096, change) })).status).toBe(
      200,
    )
    const res = await call(s, 'PATCH', `/api/drafts/${id}`, { cookie: p.cookie, raw: bodyOf(4097, change) })
    expect(res.status).toBe(413)
  })
})

describe(`the limit of ${MAX_DRAFTS} drafts`, () => {
  it('refuses the 51st with 409 and a sentence, and takes one again after a delete', async () => {
    const s = setup()
    const p = await player(s)
    await fill(p, MAX_DRAFTS)
    const res = await p.create()
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toBe('You have 50 drafts, the most one player can keep; delete one to save another.')
    const list = await listOf(await p.list())
    expect(list).toHaveLength(MAX_DRAFTS)

    // Another player is not held back by it.
    expect((await (await player(s)).create()).status).toBe(201)

    expect((await p.remove((list[0] as DraftJson).id)).status).toBe(204)
    expect((await p.create()).status).toBe(201)
    expect((await p.create()).status).toBe(409)
  })

  it('lets only one of two simultaneous creates at 49 through', async () => {
    const s = setup()
    const p = await player(s)
    await fill(p, MAX_DRAFTS - 1)
    // Rounds, because one pair of requests may happen not to overlap; each ends back at 49.
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all([p.create(), p.create()])
      expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual([201, 409])
      const list = await listOf(await p.list())
      expect(list).toHaveLength(MAX_DRAFTS)
      expect((await p.remove((list[0] as DraftJson).id)).status).toBe(204)
    }
  })

  it('lets exactly ten of twenty simultaneous creates at 40 through', async () => {
    const s = setup()
    const p = await player(s)
    await fill(p, MAX_DRAFTS - 10)
    const results = await Promise.all(Array.from({ length: 20 }, () => p.create()))
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(10)
    expect(statuses.filter((status) => status === 409)).toHaveLength(10)
    expect(await listOf(await p.list())).toHaveLength(MAX_DRAFTS)
  })
})

describe('the typed client', () => {
  it('creates and reads a draft through hc<AppType>, as the web app can', async () => {
    const s = setup()
    const p = await player(s)
    const fetch = ((input, init) =>
      s.app.request(input, {
        ...init,
        headers: { ...Object.fromEntries(new Headers(init?.headers)), Origin: testOrigin, Cookie: p.cookie },
      })) as typeof globalThis.fetch
    const client = hc<AppType>(testOrigin, { fetch })
    const created = await client.api.drafts.$post({ json: sample() })
    expect(created.status).toBe(201)
    if (created.status !== 201) return
    const { id, layers: sent } = await created.json()
    const read = await client.api.drafts[':id'].$get({ param: { id } })
    expect(read.status).toBe(200)
    if (read.status !== 200) return
    expect((await read.json()).layers).toEqual(sent)
  })
})

describe('round trip', () => {
  const uint = (bits: number) => fc.bigInt({ min: 0n, max: 2n ** BigInt(bits) - 1n }).map(String)
  const layerOf = (layer: 1 | 2 | 3) =>
    fc.oneof(
      fc.constant<DraftLayer>({ layer, decorationId: 0, tokenId: '0' }),
      fc.record({ layer: fc.constant(layer), decorationId: fc.integer({ min: 1, max: 65_535 }), tokenId: uint(64) }),
    )
  const composition = fc.record({
    name: fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 80 })
      .filter((name) => name.trim().length > 0 && [...name].length <= 80 && !/\p{Cc}/u.test(name)),
    chainId: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    skyId: fc.option(uint(256), { nil: null }),
    layers: fc.tuple(layerOf(1), layerOf(2), layerOf(3)).chain((three) => fc.shuffledSubarray(three, { minLength: 3 })),
  })

  it('gives back, from the share link, the composition it was given', async () => {
    const s = setup()
    const p = await player(s)
    await fc.assert(
      fc.asyncProperty(composition, async (sent) => {
        const res = await p.create(sent)
        expect(res.status).toBe(201)
        const { id } = await draftOf(res)
        const read = await draftOf(await call(s, 'GET', `/api/drafts/${id}`))
        expect(read).toMatchObject({
          name: sent.name.trim(),
          chainId: sent.chainId,
          skyId: sent.skyId,
          layers: sent.layers.toSorted((a, b) => a.layer - b.layer),
        })
        expect((await p.remove(id)).status).toBe(204)
      }),
      { numRuns: 100 },
    )
  })
})
