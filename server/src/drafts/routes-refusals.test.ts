// The draft routes' refusals: no session, another site, and requests that are not what the web app sends.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  draftOf,
  errorOf,
  type Init,
  layers,
  listOf,
  player,
  type Setup,
  sample,
  useDraftApps,
} from '../../test/drafts-app'
import { SESSION_TTL_MS } from '../auth/routes'
import { SESSION_COOKIE } from '../auth/session'

const { setup } = useDraftApps()

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
