import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app'
import * as schema from './db/schema'

// Every answer's headers go on Node's own answer under @hono/node-server and on the route's answer in process
// (answers.ts): both ways must give each answer the same headers, once each.

const web = mkdtempSync(join(tmpdir(), 'answers-web-'))
writeFileSync(join(web, 'index.html'), '<!doctype html><title>home</title>')
let draining = false
const app = createApp({
  config: {
    chainId: 1,
    contracts: {},
    auth: { origins: ['https://chainellation.example'], chains: [] },
    webDist: web,
    requestLines: 'failures',
  },
  db: drizzle.mock({ schema }),
  draining: () => draining,
})
let server: Server
let base: string
beforeAll(async () => {
  server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }) as Server
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(web, { recursive: true, force: true })
})

const SECURITY = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
]
/** An answer's headers but the ones that change with each answer or that Node adds on the way (its length). */
const steady = (headers: Headers) =>
  [...headers].filter(
    ([name]) => !['date', 'x-request-id', 'connection', 'keep-alive', 'content-length'].includes(name),
  )

describe('every answer', () => {
  const answers = [
    ['the home page', '/', {}],
    ['a file that is not there', '/missing.js', {}],
    ['an API answer', '/api/health', {}],
    ['an API path that is not there', '/api/nothing', {}],
    ['an answer whose entity the client holds', '/', 'etag'],
  ] as const

  it.each(answers)(
    'carries the same headers, once each, over a connection and in process: %s',
    async (_, path, kind) => {
      const first = await fetch(`${base}${path}`)
      const headers = kind === 'etag' ? { 'if-none-match': first.headers.get('etag') ?? '' } : {}
      const served = kind === 'etag' ? await fetch(`${base}${path}`, { headers }) : first
      const inProcess = await app.request(path, { headers })
      if (kind === 'etag') expect(served.status).toBe(304)
      expect(served.status).toBe(inProcess.status)
      expect(steady(served.headers)).toEqual(steady(inProcess.headers))
      for (const name of SECURITY) expect(served.headers.get(name), name).toBeTruthy()
      // Each once: Headers joins a header sent twice with a comma.
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect(served.headers.get('strict-transport-security')).toBe('max-age=31536000')
    },
  )

  it('echoes the load balancer’s id, or gives one of its own to a request that has none or a malformed one', async () => {
    const given = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'lb-4f2a_9=' } })
    expect(given.headers.get('x-request-id')).toBe('lb-4f2a_9=')
    for (const header of [{}, { 'x-request-id': 'not an id; drop table' }, { 'x-request-id': 'a'.repeat(256) }]) {
      const own = (await fetch(`${base}/api/health`, { headers: header })).headers.get('x-request-id')
      expect(own).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
  })

  it('closes its connection while the process drains, and only then', async () => {
    expect((await fetch(`${base}/`)).headers.get('connection')).toBe('keep-alive')
    draining = true
    try {
      for (const path of ['/', '/api/health'])
        expect((await fetch(`${base}${path}`)).headers.get('connection')).toBe('close')
    } finally {
      draining = false
    }
  })
})
