import { drizzle } from 'drizzle-orm/pglite'
import { describe, expect, it } from 'vitest'
import { createApp } from './app'
import * as schema from './db/schema'
import {
  createLogger,
  type LogFormat,
  log,
  prettyLine,
  type RequestLines,
  SLOW_REQUEST_MS,
  secretsOf,
  writesRequestLine,
} from './log'

const db = drizzle.mock({ schema })

const RPC_URL = 'https://eth-sepolia.g.alchemy.com/v2/provider-key-0123456789abcdef'
const DATABASE_URL = 'postgres://api:s3cret-passw0rd@db.internal:5432/chainellation'

/** An app whose logger writes into `lines`, knowing the secrets of the URLs above. */
function appLogging(format: LogFormat = 'json', requestLines?: RequestLines) {
  const lines: string[] = []
  const logger = createLogger({
    format,
    level: 'info',
    secrets: secretsOf([RPC_URL, DATABASE_URL]),
    destination: { write: (line) => lines.push(line) },
  })
  const app = createApp({
    config: { chainId: 31337, contracts: {}, auth: { origins: ['http://localhost:5173'], chains: [] }, requestLines },
    db,
    logger,
  })
  app.get('/boom', () => {
    log().warn(`about to call ${RPC_URL}`)
    throw new Error(`HTTP request failed. URL: ${RPC_URL} (the database at ${DATABASE_URL} is fine)`)
  })
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  return { app, lines, records }
}

describe('request logging', () => {
  it('writes one JSON line per request with its method, path, route, status, duration and id', async () => {
    const { app, lines, records } = appLogging()
    const res = await app.request('/api/skies/31337/7', { headers: { 'X-Request-Id': 'lb-4f2a_9=' } })
    expect(res.headers.get('x-request-id')).toBe('lb-4f2a_9=')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\{.*\}\n$/)
    expect(records()[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      reqId: 'lb-4f2a_9=',
      method: 'GET',
      path: '/api/skies/31337/7',
      route: '/api/skies/:chainId/:skyId',
      status: 404,
      durationMs: expect.any(Number),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
  })

  it('makes up an id when the request brings none, or one that is not well formed', async () => {
    const { app, records } = appLogging()
    const given = [undefined, 'has spaces', 'x'.repeat(256), 'semi;colon']
    const ids: (string | null)[] = []
    for (const id of given) {
      const res = await app.request('/api/health', id === undefined ? {} : { headers: { 'X-Request-Id': id } })
      ids.push(res.headers.get('x-request-id'))
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(new Set(ids).size).toBe(given.length)
    expect(records().map((record) => record.reqId)).toEqual(ids)
  })

  it('logs an error with the request’s id and its stack, never a secret, a cookie or an authorization', async () => {
    const { app, lines, records } = appLogging()
    const res = await app.request('/boom', {
      headers: { Cookie: 'chainellation_session=cookie-value-123', Authorization: 'Bearer token-value-456' },
    })
    expect(res.status).toBe(500)
    const id = res.headers.get('x-request-id')
    const [warning, error, request] = records()
    expect(warning).toMatchObject({ level: 'warn', reqId: id, msg: 'about to call [redacted]' })
    expect(error).toMatchObject({ level: 'error', reqId: id, msg: 'unhandled error' })
    expect((error?.err as { stack?: string } | undefined)?.stack).toMatch(
      /^Error: HTTP request failed\. URL: \[redacted\] .*\n\s+at /,
    )
    expect(request).toMatchObject({ reqId: id, status: 500, route: '/boom' })
    const all = lines.join('')
    for (const secret of ['provider-key', 's3cret', 'db.internal', 'cookie-value', 'token-value', 'Bearer'])
      expect(all).not.toContain(secret)
  })

  it('writes a short line for a person in the pretty format', async () => {
    const { app, lines } = appLogging('pretty')
    await app.request('/api/health')
    const res = await app.request('/boom')
    const id = res.headers.get('x-request-id')
    expect(lines[0]).toMatch(/^INFO: GET \/api\/health 200 \d+(\.\d)? ms\n$/)
    expect(lines[1]).toBe(`WARN: about to call [redacted] (request ${id})\n`)
    expect(lines[2]).toMatch(
      new RegExp(`^ERROR: unhandled error \\(request ${id}\\)[^]*Error: HTTP request failed\\. URL: \\[redacted\\]`),
    )
    expect(lines[3]).toMatch(/^INFO: GET \/boom 500 /)
  })
})

describe('request lines behind a proxy that logs every request', () => {
  it('writes a line only for a request answered 5xx, and keeps its errors and their ids', async () => {
    const { app, records } = appLogging('json', 'failures')
    await app.request('/api/health')
    await app.request('/api/nope')
    const res = await app.request('/boom')
    const id = res.headers.get('x-request-id')
    expect(records().map(({ level, msg, status }) => [level, msg, status])).toEqual([
      ['warn', 'about to call [redacted]', undefined],
      ['error', 'unhandled error', undefined],
      ['info', 'request', 500],
    ])
    expect(records().every((record) => record.reqId === id)).toBe(true)
  })

  it('logs a slow request, whatever its status, and every request when asked for all', () => {
    expect(writesRequestLine('failures', 200, SLOW_REQUEST_MS - 0.1)).toBe(false)
    expect(writesRequestLine('failures', 499, 3)).toBe(false)
    expect(writesRequestLine('failures', 200, SLOW_REQUEST_MS)).toBe(true)
    expect(writesRequestLine('failures', 503, 3)).toBe(true)
    expect(writesRequestLine('all', 200, 3)).toBe(true)
  })
})

describe('secretsOf', () => {
  it('names a URL, its password and the path or query that can hold a key, not a bare host', () => {
    expect(secretsOf(['https://sepolia.infura.io/v3/0123456789abcdef0123'])).toEqual([
      'https://sepolia.infura.io/v3/0123456789abcdef0123',
      '/v3/0123456789abcdef0123',
      '0123456789abcdef0123',
    ])
    expect(secretsOf(['postgres://u:p%40ss-word@h/db'])).toEqual([
      'postgres://u:p%40ss-word@h/db',
      'p%40ss-word',
      'p@ss-word',
    ])
    expect(secretsOf(['http://127.0.0.1:8545', undefined])).toEqual(['http://127.0.0.1:8545/', 'http://127.0.0.1:8545'])
  })
})

describe('a logged object', () => {
  it('has its cookie and authorization headers blotted out', () => {
    const lines: string[] = []
    const logger = createLogger({ format: 'json', destination: { write: (line) => lines.push(line) } })
    const headers = { cookie: 'session=abc', authorization: 'Bearer xyz', 'set-cookie': 'a=b', accept: '*/*' }
    logger.warn({ headers, err: { message: 'refused', headers } }, 'a request went wrong')
    const record = JSON.parse(lines[0] ?? '{}') as { headers: object; err: { headers: object } }
    const blotted = { cookie: '[redacted]', authorization: '[redacted]', 'set-cookie': '[redacted]', accept: '*/*' }
    expect(record.headers).toEqual(blotted)
    expect(record.err.headers).toEqual(blotted)
  })
})

describe('prettyLine', () => {
  it('shows its level, and the fields it has no words for after the message', () => {
    expect(prettyLine('{"level":"info","msg":"stopped","code":0,"pid":1,"hostname":"h"}')).toBe(
      'INFO: stopped {"code":0}\n',
    )
    expect(prettyLine('not json')).toBe('not json\n')
  })
})
