// A stand-in for a hosted JSON-RPC provider (an Alchemy- or Infura-class plan) in front of the rehearsal's chain: it
// enforces what such plans enforce, so that the browser, the API and the indexer meet them before launch day.
// - a ceiling of calls per second per key (each call of a batch counts), answered with HTTP 429 past it;
// - eth_getLogs capped by block range and by result count, refused with the provider's own words, which name a
//   range that would work (Ponder reads that suggestion and splits its requests: @ponder/utils getLogsRetryHelper);
// - a share of requests answered 5xx, and a share answered late;
// - CORS, since browsers call it directly.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

export type ProviderLimits = {
  /** Calls per second one key may make (a token bucket holding one second's worth); past it, HTTP 429. */
  callsPerSecond: number
  /** The widest eth_getLogs block range answered. */
  getLogsMaxBlocks: number
  /** The most logs one eth_getLogs answer may hold. */
  getLogsMaxResults: number
  /** Share of requests (0–1) answered 502 or 503 without reaching the chain. */
  errorRate: number
  /** Share of requests (0–1) answered `slowMs` late. */
  slowRate: number
  slowMs: number
}

/** What a free plan of the big providers allows, roughly: the rehearsal's defaults. */
export const DEFAULT_PROVIDER_LIMITS: ProviderLimits = {
  callsPerSecond: 50,
  getLogsMaxBlocks: 500,
  getLogsMaxResults: 10_000,
  errorRate: 0.002,
  slowRate: 0.01,
  slowMs: 1_500,
}

/** What the stand-in did, per key and in all. */
export type ProviderStats = {
  /** JSON-RPC calls received (each call of a batch), by key. */
  calls: Record<string, number>
  /** Requests refused with 429: past a key's ceiling or during {@link ProviderStandIn.throttle}. */
  throttled: number
  /** Requests answered 5xx on purpose. */
  failed: number
  /** Requests answered late on purpose. */
  slowed: number
  /** eth_getLogs calls refused for their range or their result count. */
  getLogsRefused: number
}

export type ProviderStandIn = {
  /** The provider's base URL; each consumer calls `urlFor(its key)`. */
  url: string
  /** The endpoint of one key (`<url>/v2/<key>`), as a provider's dashboard hands out. */
  urlFor: (key: string) => string
  readonly limits: ProviderLimits
  setLimits: (limits: Partial<ProviderLimits>) => void
  /** Answers every request with 429 for `ms`, as a provider does to a plan out of credit or under attack. */
  throttle: (ms: number) => void
  stats: () => ProviderStats
  close: () => Promise<void>
}

export type ProviderOptions = {
  /** The chain's node behind the stand-in. */
  upstream: string
  port?: number
  limits?: Partial<ProviderLimits>
  /** A number in [0, 1) per draw; tests pass their own. */
  random?: () => number
}

type Call = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
type Answer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } }
type LogFilter = { fromBlock?: string; toBlock?: string; blockHash?: string }

const TAGS = new Set(['latest', 'pending', 'safe', 'finalized'])
const hex = (n: number) => `0x${n.toString(16)}`

const cors = (req: IncomingMessage) => ({
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
  'access-control-max-age': '600',
})

/** What the stand-in's parts share: its plan, its counts, and the chain behind it. */
type Provider = {
  limits: ProviderLimits
  random: () => number
  stats: ProviderStats
  /** Takes `n` calls from `key`'s bucket; false when it holds fewer. */
  take: (key: string, n: number) => boolean
  throttledUntil: number
  upstream: (body: unknown) => Promise<unknown>
  /** A block tag or number as a number: `latest` and its kin are the chain's head, asked at most every 250 ms. */
  blockOf: (tag: string | undefined) => Promise<number>
}

/** A token bucket a key, refilled at the plan's calls a second. */
function bucketsOf(limits: ProviderLimits) {
  const buckets = new Map<string, { tokens: number; at: number }>()
  return (key: string, n: number) => {
    const now = Date.now()
    const bucket = buckets.get(key) ?? { tokens: limits.callsPerSecond, at: now }
    bucket.tokens = Math.min(limits.callsPerSecond, bucket.tokens + ((now - bucket.at) / 1000) * limits.callsPerSecond)
    bucket.at = now
    buckets.set(key, bucket)
    if (bucket.tokens < n) return false
    bucket.tokens -= n
    return true
  }
}

/** The chain's node at `url`, and its head asked at most every 250 ms: what `latest` means in a log filter. */
function chainAt(url: string) {
  let head: { block: number; at: number } | undefined
  const upstream = async (body: unknown): Promise<unknown> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return res.json()
  }
  const headBlock = async () => {
    if (head && Date.now() - head.at < 250) return head.block
    const answer = (await upstream({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] })) as Answer
    head = { block: Number(answer.result), at: Date.now() }
    return head.block
  }
  const blockOf = async (tag: string | undefined) => {
    if (tag === undefined || TAGS.has(tag)) return headBlock()
    if (tag === 'earliest') return 0
    return Number(tag)
  }
  return { upstream, blockOf }
}

/**
 * A refusal of an eth_getLogs call past the plan's range or result cap, in Alchemy's words (its suggested range
 * is what clients such as Ponder retry with); undefined when the call is within the plan.
 */
async function getLogsRefusal(p: Provider, call: Call, answer?: Answer): Promise<Answer | undefined> {
  const [filter] = (Array.isArray(call.params) ? call.params : []) as LogFilter[]
  if (!filter || filter.blockHash) return undefined
  const { getLogsMaxBlocks: maxBlocks, getLogsMaxResults: maxResults } = p.limits
  const from = await p.blockOf(filter.fromBlock ?? 'latest')
  const to = await p.blockOf(filter.toBlock ?? 'latest')
  const refuse = (message: string): Answer => {
    p.stats.getLogsRefused++
    return { jsonrpc: '2.0', id: call.id ?? null, error: { code: -32602, message } }
  }
  if (!answer && to - from + 1 > maxBlocks) {
    const end = from + maxBlocks - 1
    return refuse(
      `Log response size exceeded. You can make eth_getLogs requests with up to a ${maxBlocks} block range. ` +
        `Based on your parameters, this block range should work: [${hex(from)}, ${hex(end)}]`,
    )
  }
  const logs = answer?.result
  if (Array.isArray(logs) && logs.length > maxResults) {
    // The range up to the block before the one holding the first log past the cap, at least one block.
    const past = Number((logs[maxResults] as { blockNumber?: string }).blockNumber ?? from)
    const end = Math.max(from, past - 1)
    return refuse(
      `Log response size exceeded. You can make eth_getLogs requests with up to a ${maxBlocks} block range ` +
        `and a cap of ${maxResults} logs in the response. Based on your parameters and the response size ` +
        `limit, this block range should work: [${hex(from)}, ${hex(end)}]`,
    )
  }
  return undefined
}

/** Answers `calls`: refusals without asking the chain, the rest in one request to it. */
async function answerCalls(p: Provider, calls: Call[]): Promise<Answer[]> {
  const answers: (Answer | undefined)[] = await Promise.all(
    calls.map((call) => (call.method === 'eth_getLogs' ? getLogsRefusal(p, call) : undefined)),
  )
  const forwarded = calls.filter((_, i) => answers[i] === undefined)
  const replies = forwarded.length ? ((await p.upstream(forwarded)) as Answer[]) : []
  const byId = new Map(replies.map((reply) => [JSON.stringify(reply.id), reply]))
  return Promise.all(
    calls.map(async (call, i) => {
      const refused = answers[i]
      if (refused) return refused
      const reply = byId.get(JSON.stringify(call.id)) ?? {
        jsonrpc: '2.0' as const,
        id: call.id ?? null,
        error: { code: -32603, message: 'no answer from the node' },
      }
      return call.method === 'eth_getLogs' ? ((await getLogsRefusal(p, call, reply)) ?? reply) : reply
    }),
  )
}

const send = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { ...cors(req), 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** One request to the stand-in: a key's calls counted, throttled, failed or slowed as the plan says, then answered. */
async function handle(p: Provider, req: IncomingMessage, res: ServerResponse) {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors(req))
    return res.end()
  }
  const key = /^\/v2\/([^/?]+)/.exec(req.url ?? '')?.[1]
  if (req.method !== 'POST' || !key) {
    return send(req, res, 404, { error: 'POST JSON-RPC to /v2/<your key>' })
  }
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  let parsed: Call | Call[]
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call | Call[]
  } catch {
    return send(req, res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
  }
  const batch = Array.isArray(parsed)
  const calls = ([] as unknown[]).concat(parsed).filter((c): c is Call => !!c && typeof c === 'object')
  p.stats.calls[key] = (p.stats.calls[key] ?? 0) + calls.length
  const idOf = batch ? null : (calls[0]?.id ?? null)
  if (Date.now() < p.throttledUntil || !p.take(key, calls.length)) {
    p.stats.throttled++
    res.setHeader('retry-after', '1')
    return send(req, res, 429, {
      jsonrpc: '2.0',
      id: idOf,
      error: {
        code: 429,
        message: 'Your app has exceeded its compute units per second capacity. Retry after a moment.',
      },
    })
  }
  if (p.random() < p.limits.errorRate) {
    p.stats.failed++
    const status = p.random() < 0.5 ? 502 : 503
    return send(req, res, status, { jsonrpc: '2.0', id: idOf, error: { code: -32603, message: 'upstream failed' } })
  }
  if (p.random() < p.limits.slowRate) {
    p.stats.slowed++
    await sleep(p.limits.slowMs)
  }
  try {
    const answers = await answerCalls(p, calls)
    send(req, res, 200, batch ? answers : answers[0])
  } catch {
    send(req, res, 503, { jsonrpc: '2.0', id: idOf, error: { code: -32603, message: 'the node did not answer' } })
  }
}

/** Starts the stand-in on `port` (or a free one) in front of `upstream`. */
export async function startProvider(options: ProviderOptions): Promise<ProviderStandIn> {
  const limits: ProviderLimits = { ...DEFAULT_PROVIDER_LIMITS, ...options.limits }
  const p: Provider = {
    limits,
    random: options.random ?? Math.random,
    stats: { calls: {}, throttled: 0, failed: 0, slowed: 0, getLogsRefused: 0 },
    take: bucketsOf(limits),
    throttledUntil: 0,
    ...chainAt(options.upstream),
  }
  const server = createServer((req, res) => {
    handle(p, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    urlFor: (key) => `${url}/v2/${encodeURIComponent(key)}`,
    limits,
    setLimits: (changes) => Object.assign(limits, changes),
    throttle: (ms) => {
      p.throttledUntil = Date.now() + ms
    },
    stats: () => structuredClone(p.stats),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
