import fc from 'fast-check'
import { hc } from 'hono/client'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/database'
import { signIn, testOrigin } from '../../test/sign-in'
import { type AppType, createApp } from '../app'
import { SESSION_TTL_MS } from '../auth/routes'
import { SESSION_COOKIE } from '../auth/session'
import type { DatabaseHandle } from '../db'
import type { DraftLayer } from '../db/schema'
import { type DraftJson, MAX_DRAFT_BYTES } from './routes'
import { MAX_DRAFTS } from './store'

let database: DatabaseHandle
beforeAll(async () => {
  // In-memory PGlite by default; TEST_DATABASE_URL runs the same tests against a Postgres server, where the
  // concurrent creates below really do run at once on separate connections.
  database = await openTestDatabase()
})
afterAll(async () => {
  await database?.close()
})

const unlimited = { limit: 1_000_000, windowMs: 60_000 }

/** An app on a clock the test moves. Sign-in needs no node: EOA signatures are checked by ECDSA recovery. */
function setup() {
  let time = Date.parse('2026-03-01T21:00:00Z')
  const app = createApp({
    config: {
      chainId: 31337,
      contracts: {},
      auth: { origins: [testOrigin], chains: [{ chain: anvil, rpcUrl: 'http://127.0.0.1:9' }] },
      // The write limits have their own tests (rate-limit.test.ts); here a player fills all 50 drafts at once.
      draftWrites: { client: unlimited, account: unlimited },
    },
    db: database.db,
    now: () => new Date(time),
  })
  return {
    app,
    now: () => new Date(time),
    advance: (ms: number) => {
      time += ms
    },
  }
}

type Setup = ReturnType<typeof setup>

type Init = { cookie?: string; body?: unknown; raw?: RequestInit['body']; headers?: Record<string, string> }

/** A request as the web app makes it: JSON, from its own origin, with the session cookie if given. */
function call(s: Setup, method: string, path: string, init: Init = {}) {
  const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body))
  return s.app.request(path, {
    method,
    headers: {
      Origin: testOrigin,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...init.headers,
    },
    body,
  })
}

/** A signed-in player and the requests it makes. */
async function player(s: Setup) {
  const { account, cookie } = await signIn(s.app, { at: s.now() })
  return {
    address: account.address,
    cookie,
    list: () => call(s, 'GET', '/api/drafts', { cookie }),
    create: (body: unknown = sample()) => call(s, 'POST', '/api/drafts', { cookie, body }),
    patch: (id: string, body: unknown) => call(s, 'PATCH', `/api/drafts/${id}`, { cookie, body }),
    remove: (id: string) => call(s, 'DELETE', `/api/drafts/${id}`, { cookie }),
  }
}

const layers = (silhouette = 0, sky = 0, object = 0): DraftLayer[] => [
  { layer: 1, decorationId: silhouette, tokenId: '0' },
  { layer: 2, decorationId: sky, tokenId: '0' },
  { layer: 3, decorationId: object, tokenId: object ? '12' : '0' },
]

const sample = (fields: Record<string, unknown> = {}) => ({
  name: 'Harbour at dusk',
  chainId: 31337,
  skyId: '7',
  layers: layers(2, 0, 5),
  ...fields,
})

const draftOf = async (res: Response) => (await res.json()) as DraftJson
const listOf = async (res: Response) => ((await res.json()) as { drafts: DraftJson[] }).drafts
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error

/** Creates `n` drafts for `p`, one after the other. */
async function fill(p: Awaited<ReturnType<typeof player>>, n: number) {
  for (let i = 0; i < n; i++) expect((await p.create(sample({ name: `Draft ${i + 1}` }))).status).toBe(201)
}

describe('a draft', () => {
  it('is created with 201, its own fields and a link', async () => {
    const s = setup()
    const p = await player(s)
    const res = await p.create(sample({ name: '  Harbour at dusk  ' }))
    expect(res.status).toBe(201)
    const draft = await draftOf(res)
    expect(draft).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      owner: p.address,
      name: 'Harbour at dusk',
      chainId: 31337,
      skyId: '7',
      layers: layers(2, 0, 5),
      createdAt: '2026-03-01T21:00:00.000Z',
      updatedAt: '2026-03-01T21:00:00.000Z',
    })
    expect(res.headers.get('location')).toBe(`/api/drafts/${draft.id}`)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('gets an id of its own each time', async () => {
    const s = setup()
    const p = await player(s)
    const ids = await Promise.all(Array.from({ length: 10 }, async () => (await draftOf(await p.create())).id))
    expect(new Set(ids).size).toBe(10)
  })

  it('may leave the sky out, or name none', async () => {
    const s = setup()
    const p = await player(s)
    const { skyId: _, ...withoutSky } = sample()
    expect((await draftOf(await p.create(withoutSky))).skyId).toBeNull()
    expect((await draftOf(await p.create(sample({ skyId: null })))).skyId).toBeNull()
  })

  it('keeps its layers in order, however they were sent', async () => {
    const s = setup()
    const p = await player(s)
    const [silhouette, sky, object] = layers(1, 2, 3)
    const draft = await draftOf(await p.create(sample({ layers: [object, silhouette, sky] })))
    expect(draft.layers).toEqual([silhouette, sky, object])
  })

  it('takes the extremes of every field', async () => {
    const s = setup()
    const p = await player(s)
    const body = {
      name: '🌌'.repeat(80),
      chainId: 2 ** 31 - 1,
      skyId: (2n ** 256n - 1n).toString(),
      layers: [
        { layer: 1, decorationId: 65_535, tokenId: (2n ** 64n - 1n).toString() },
        { layer: 2, decorationId: 1, tokenId: '0' },
        { layer: 3, decorationId: 0, tokenId: '0' },
      ],
    }
    const res = await p.create(body)
    expect(res.status).toBe(201)
    expect(await draftOf(res)).toMatchObject(body)
  })
})

describe('GET /api/drafts', () => {
  it('lists the signed-in player’s drafts, the most recently changed first', async () => {
    const s = setup()
    const p = await player(s)
    const ids: string[] = []
    for (const name of ['First', 'Second', 'Third']) {
      ids.push((await draftOf(await p.create(sample({ name })))).id)
      s.advance(1000)
    }
    expect((await listOf(await p.list())).map((d) => d.name)).toEqual(['Third', 'Second', 'First'])

    expect((await p.patch(ids[0] as string, { name: 'First, renamed' })).status).toBe(200)
    const res = await p.list()
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect((await listOf(res)).map((d) => d.name)).toEqual(['First, renamed', 'Third', 'Second'])
  })

  it('is empty for a new player', async () => {
    const res = await (await player(setup())).list()
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ drafts: [] })
  })

  it('shows no one else’s drafts', async () => {
    const s = setup()
    const [alice, bob] = [await player(s), await player(s)]
    await alice.create(sample({ name: 'Alice’s' }))
    await bob.create(sample({ name: 'Bob’s' }))
    expect((await listOf(await alice.list())).map((d) => [d.name, d.owner])).toEqual([['Alice’s', alice.address]])
    expect((await listOf(await bob.list())).map((d) => [d.name, d.owner])).toEqual([['Bob’s', bob.address]])
  })
})

describe('GET /api/drafts/:id, the share link', () => {
  it('answers anyone with the link, signed in or not, with the draft alone', async () => {
    const s = setup()
    const owner = await player(s)
    const created = await draftOf(await owner.create())
    for (const cookie of [undefined, (await player(s)).cookie, owner.cookie]) {
      const res = await call(s, 'GET', `/api/drafts/${created.id}`, { cookie })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual(created)
    }
  })

  it('answers an unknown or malformed id with a JSON 404', async () => {
    const s = setup()
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'nope', 'AAAAAAAAAAAAAAAAAAAAAAA', '%E2%9C%A8', "1'%20or%201=1"]) {
      const res = await call(s, 'GET', `/api/drafts/${id}`)
      expect(res.status, id).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await errorOf(res)).toBe('There is no draft at this address; it may have been deleted.')
    }
  })
})

describe('PATCH /api/drafts/:id', () => {
  it('renames, keeping the composition', async () => {
    const s = setup()
    const p = await player(s)
    const created = await draftOf(await p.create())
    s.advance(60_000)
    const res = await p.patch(created.id, { name: ' Harbour at night ' })
    expect(res.status).toBe(200)
    expect(await draftOf(res)).toEqual({
      ...created,
      name: 'Harbour at night',
      updatedAt: '2026-03-01T21:01:00.000Z',
    })
  })

  it('replaces the composition, keeping the name', async () => {
    const s = setup()
    const p = await player(s)
    const created = await draftOf(await p.create())
    s.advance(1000)
    const changes = { chainId: 11155111, skyId: null, layers: layers(0, 4, 9) }
    const res = await p.patch(created.id, changes)
    expect(res.status).toBe(200)
    const changed = await draftOf(res)
    expect(changed).toEqual({ ...created, ...changes, updatedAt: changed.updatedAt })
    expect(changed.updatedAt > created.updatedAt).toBe(true)
    expect(await draftOf(await call(s, 'GET', `/api/drafts/${created.id}`))).toEqual(changed)
  })

  it('renames and recomposes at once', async () => {
    const s = setup()
    const p = await player(s)
    const created = await draftOf(await p.create())
    const res = await p.patch(created.id, { name: 'Both', skyId: '8', layers: layers(3, 3, 3) })
    expect(await draftOf(res)).toMatchObject({ name: 'Both', skyId: '8', layers: layers(3, 3, 3), chainId: 31337 })
  })

  it('refuses a change that changes nothing', async () => {
    const s = setup()
    const p = await player(s)
    const created = await draftOf(await p.create())
    const res = await p.patch(created.id, {})
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe('Send a new name, a new composition, or both.')
  })

  it('answers 404 for a draft that is not there, 403 for someone else’s', async () => {
    const s = setup()
    const [alice, bob] = [await player(s), await player(s)]
    const created = await draftOf(await alice.create())
    const missing = await bob.patch('AAAAAAAAAAAAAAAAAAAAAA', { name: 'Mine now' })
    expect(missing.status).toBe(404)
    const res = await bob.patch(created.id, { name: 'Mine now' })
    expect(res.status).toBe(403)
    expect(await errorOf(res)).toBe('This draft belongs to another player; only its owner can change or delete it.')
    expect(await draftOf(await call(s, 'GET', `/api/drafts/${created.id}`))).toEqual(created)
  })
})

describe('DELETE /api/drafts/:id', () => {
  it('deletes the owner’s draft with 204; its link then finds nothing', async () => {
    const s = setup()
    const p = await player(s)
    const [kept, gone] = [await draftOf(await p.create()), await draftOf(await p.create())]
    const res = await p.remove(gone.id)
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    expect((await call(s, 'GET', `/api/drafts/${gone.id}`)).status).toBe(404)
    expect((await listOf(await p.list())).map((d) => d.id)).toEqual([kept.id])
    const again = await p.remove(gone.id)
    expect(again.status).toBe(404)
    expect(await errorOf(again)).toMatch(/no draft at this address/)
  })

  it('refuses to delete someone else’s draft', async () => {
    const s = setup()
    const [alice, bob] = [await player(s), await player(s)]
    const created = await draftOf(await alice.create())
    const res = await bob.remove(created.id)
    expect(res.status).toBe(403)
    expect(await errorOf(res)).toMatch(/belongs to another player/)
    expect((await call(s, 'GET', `/api/drafts/${created.id}`)).status).toBe(200)
  })

  it('answers a malformed id with 404', async () => {
    const res = await (await player(setup())).remove('not-an-id')
    expect(res.status).toBe(404)
  })
})

describe('without a session', () => {
  it('answers 401 to listing, creating, changing and deleting', async () => {
    const s = setup()
    const created = await draftOf(await (await player(s)).create())
    const expired = `${SESSION_COOKIE}=${'A'.repeat(43)}`
    for (const cookie of [undefined, expired, `${SESSION_COOKIE}=nonsense`]) {
      const requests: [string, string, Init][] = [
        ['GET', '/api/drafts', {}],
        ['POST', '/api/drafts', { body: sample() }],
        ['PATCH', `/api/drafts/${created.id}`, { body: { name: 'Taken' } }],
        ['DELETE', `/api/drafts/${created.id}`, {}],
      ]
      for (const [method, path, init] of requests) {
        const res = await call(s, method, path, { ...init, cookie })
        expect(res.status, `${method} ${path} ${cookie}`).toBe(401)
        expect(await errorOf(res)).toBe('Sign in to keep drafts.')
      }
    }
    expect(await draftOf(await call(s, 'GET', `/api/drafts/${created.id}`))).toEqual(created)
  })

  it('answers 401 once the session has ended', async () => {
    const s = setup()
    const p = await player(s)
    s.advance(SESSION_TTL_MS)
    expect((await p.list()).status).toBe(401)
    expect((await p.create()).status).toBe(401)
  })
})

describe('requests from another site', () => {
  it('are refused with 403 before anything else, and change nothing', async () => {
    const s = setup()
    const p = await player(s)
    const created = await draftOf(await p.create())
    const headers = { Origin: 'https://evil.example' }
    const requests: [string, string, Init][] = [
      ['POST', '/api/drafts', { body: sample() }],
      ['PATCH', `/api/drafts/${created.id}`, { body: { name: 'Defaced' } }],
      ['DELETE', `/api/drafts/${created.id}`, {}],
    ]
    for (const [method, path, init] of requests) {
      for (const cookie of [p.cookie, undefined]) {
        const res = await call(s, method, path, { ...init, cookie, headers })
        expect(res.status, `${method} ${path}`).toBe(403)
        expect(await errorOf(res)).toBe('Requests from https://evil.example are not accepted.')
      }
    }
    expect(await listOf(await p.list())).toEqual([created])
  })
})

describe('malformed requests', () => {
  let s: Setup
  let cookie: string
  let id: string
  beforeAll(async () => {
    s = setup()
    const p = await player(s)
    cookie = p.cookie
    id = (await draftOf(await p.create())).id
  })

  const post = (raw: string, contentType = 'application/json') =>
    call(s, 'POST', '/api/drafts', { cookie, raw, headers: { 'Content-Type': contentType } })
  const json = (body: unknown) => post(JSON.stringify(body))
  const withLayer = (i: number, fields: Record<string, unknown>) =>
    sample({ layers: layers(2, 0, 5).map((l, j) => (i === j ? { ...l, ...fields } : l)) })
  const without = (key: string) => Object.fromEntries(Object.entries(sample()).filter(([k]) => k !== key))

  const cases: [string, () => Response | Promise<Response>, number, string | RegExp][] = [
    ['malformed JSON', () => post('{"name": '), 400, 'The request body is not valid JSON.'],
    ['an empty body', () => post(''), 400, 'The request body is not valid JSON.'],
    ['text/plain', () => post(JSON.stringify(sample()), 'text/plain'), 415, /must be JSON/],
    ['a form', () => post('name=x', 'application/x-www-form-urlencoded'), 415, /must be JSON/],
    ['a JSON array', () => json([sample()]), 400, /^The request body must be a JSON object with a name/],
    ['JSON null', () => json(null), 400, /^The request body must be a JSON object/],
    ['a string', () => json('draft'), 400, /^The request body must be a JSON object/],
    ['an unknown field', () => json(sample({ owner: '0x0' })), 400, 'A draft has no field "owner".'],
    ['two unknown fields', () => json(sample({ id: 'x', extra: 1 })), 400, 'A draft has no field "id", "extra".'],
    [
      'a __proto__ field',
      () => post(JSON.stringify(sample()).replace('{', '{"__proto__":{"owner":"0x0"},')),
      400,
      'A draft has no field "__proto__".',
    ],
    ['no name', () => json(without('name')), 400, 'The name is missing.'],
    ['a numeric name', () => json(sample({ name: 7 })), 400, 'The name must be text.'],
    ['an empty name', () => json(sample({ name: '' })), 400, 'The name is empty.'],
    ['a name of spaces', () => json(sample({ name: ' \t ' })), 400, 'The name is empty.'],
    ['a name of 81 characters', () => json(sample({ name: 'a'.repeat(81) })), 400, /longer than 80 characters/],
    ['81 emoji', () => json(sample({ name: '🌌'.repeat(81) })), 400, /longer than 80 characters/],
    ['a line break in the name', () => json(sample({ name: 'a\nb' })), 400, /control characters/],
    ['a NUL in the name', () => json(sample({ name: 'a\u0000b' })), 400, /control characters/],
    ['no chain id', () => json(without('chainId')), 400, 'The chain id is missing.'],
    ['a chain id as text', () => json(sample({ chainId: '1' })), 400, 'The chain id must be a number.'],
    ['a fractional chain id', () => json(sample({ chainId: 1.5 })), 400, 'The chain id must be a whole number.'],
    ['chain id 0', () => json(sample({ chainId: 0 })), 400, /chain id must be from 1 to 2147483647/],
    ['a chain id too large', () => json(sample({ chainId: 2 ** 31 })), 400, /chain id must be from 1/],
    ['a numeric sky id', () => json(sample({ skyId: 7 })), 400, 'The sky id must be a string.'],
    ['a sky id with a sign', () => json(sample({ skyId: '-1' })), 400, /sky id must be a whole number in decimal/],
    ['a hex sky id', () => json(sample({ skyId: '0x07' })), 400, /decimal digits/],
    ['a sky id with a letter', () => json(sample({ skyId: '7a' })), 400, /decimal digits/],
    ['a sky id with punctuation', () => json(sample({ skyId: '!42' })), 400, /decimal digits/],
    ['a sky id of spaces', () => json(sample({ skyId: '  ' })), 400, /decimal digits/],
    ['a sky id with a leading 0', () => json(sample({ skyId: '07' })), 400, /without leading zeros/],
    ['a sky id of 2^256', () => json(sample({ skyId: (2n ** 256n).toString() })), 400, /larger than a uint256/],
    ['no layers', () => json(without('layers')), 400, /layers must be a list of three/],
    ['layers as an object', () => json(sample({ layers: {} })), 400, /layers must be a list of three/],
    ['two layers', () => json(sample({ layers: layers().slice(1) })), 400, /exactly three layers/],
    ['four layers', () => json(sample({ layers: [...layers(), layers()[0]] })), 400, /exactly three layers/],
    [
      'a layer twice',
      () => json(sample({ layers: [layers()[0], layers()[0], layers()[2]] })),
      400,
      'Each layer (1 silhouette, 2 sky and 3 object) must appear once.',
    ],
    ['layer 4', () => json(withLayer(2, { layer: 4 })), 400, /layer must be numbered 1 silhouette/],
    ['layer "1"', () => json(withLayer(0, { layer: '1' })), 400, /layer must be numbered/],
    ['a layer as a number', () => json(sample({ layers: [1, 2, 3] })), 400, /Each layer must be an object/],
    ['an unknown layer field', () => json(withLayer(1, { art: '<svg/>' })), 400, 'A layer has no field "art".'],
    [
      'no decoration id',
      () => json(sample({ layers: [{ layer: 1, tokenId: '0' }, ...layers().slice(1)] })),
      400,
      /decoration id must be a number/,
    ],
    ['decoration 65536', () => json(withLayer(0, { decorationId: 65_536 })), 400, /from 0 to 65535/],
    ['decoration -1', () => json(withLayer(0, { decorationId: -1 })), 400, /from 0 to 65535/],
    ['decoration 1.5', () => json(withLayer(0, { decorationId: 1.5 })), 400, /whole number/],
    ['a numeric token id', () => json(withLayer(2, { tokenId: 12 })), 400, 'A token id must be a string.'],
    ['a token id of 2^64', () => json(withLayer(2, { tokenId: (2n ** 64n).toString() })), 400, /larger than a uint64/],
    ['a token id with a decimal point', () => json(withLayer(2, { tokenId: '1.5' })), 400, /token id must be a whole/],
    ['a token on an empty layer', () => json(withLayer(1, { tokenId: '3' })), 400, /empty layer.*token id "0"/],
  ]
  it.each(cases)('answers %s with a JSON error sentence', async (_, send, status, error) => {
    const res = await send()
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const message = await errorOf(res)
    expect(message).toMatch(error)
    expect(message).toMatch(/^[A-Z].*\.$/)
  })

  const patches: [string, unknown, string | RegExp][] = [
    ['an unknown field', { name: 'x', owner: '0x0' }, 'A draft has no field "owner".'],
    ['a name too long', { name: 'a'.repeat(81) }, /longer than 80/],
    ['two layers', { layers: layers().slice(1) }, /exactly three layers/],
    ['an array', [], /^The request body must be a JSON object with a name, a chainId, a skyId or layers/],
  ]
  it.each(patches)('answers a change with %s with 400, changing nothing', async (_, body, error) => {
    const before = await draftOf(await call(s, 'GET', `/api/drafts/${id}`))
    const res = await call(s, 'PATCH', `/api/drafts/${id}`, { cookie, body })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatch(error)
    expect(await draftOf(await call(s, 'GET', `/api/drafts/${id}`))).toEqual(before)
  })

  it('answers malformed JSON in a change with 400', async () => {
    const res = await call(s, 'PATCH', `/api/drafts/${id}`, {
      cookie,
      raw: '{',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe('The request body is not valid JSON.')
  })
})

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
