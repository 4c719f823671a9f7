import { createPostgresCluster } from '@chainellation/scripts/postgres'
import { procStat } from '@chainellation/scripts/proc'
import { descendants } from '@chainellation/scripts/processes'
import { type ApiProcess, startApi } from '@chainellation/server/testing/server'
import { signInMany } from '@chainellation/server/testing/sign-in'
import autocannon from 'autocannon'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
/** Connections per process. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 25)
const ACCOUNTS = 10
const DRAFTS_PER_ACCOUNT = 5

/** CPU time, in ms, spent so far by each process under this one (the APIs, Postgres and its backends), by command. */
function cpuMsByCommand(): Map<string, number> {
  const spent = new Map<string, number>()
  for (const pid of descendants(process.pid)) {
    const stat = procStat(pid)
    if (!stat) continue // Gone between the listing and the read.
    const kind = stat.comm.startsWith('postgres') ? 'postgres' : 'api'
    spent.set(kind, (spent.get(kind) ?? 0) + stat.cpuSeconds * 1000)
  }
  return spent
}

type Figures = { requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number }

/** Runs `options` against every API at once; the figures of each, and requests per second added up. */
async function load(apis: ApiProcess[], options: (api: ApiProcess) => autocannon.Options) {
  const before = cpuMsByCommand()
  const results = await Promise.all(
    apis.map((api) => autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options(api) })),
  )
  const each = results.map(
    (r): Figures => ({
      requestsPerSecond: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    }),
  )
  const after = cpuMsByCommand()
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0)
  // CPU per request, which other work on the machine changes far less than it changes requests per second.
  const cpuMsPerRequest = Object.fromEntries(
    [...after].map(([kind, ms]) => [kind, Math.round(((ms - (before.get(kind) ?? 0)) / requests) * 1000) / 1000]),
  )
  return { requestsPerSecond: each.reduce((sum, f) => sum + f.requestsPerSecond, 0), cpuMsPerRequest, processes: each }
}

/**
 * Where the load comes from: one address, with the limits lifted so that every request is counted and none refused
 * (the limits of a million a minute are counted in leases, see rate-limit.ts); or many addresses behind one proxy
 * (X-Forwarded-For from 198.18.0.0/15, the benchmarking range of RFC 2544) at the default limits, where each request
 * writes its count on a row of its own, as the players' requests do. Only the per-account draft limit (ten accounts
 * share the load) and sign-in's (the bench's own setup) are lifted there.
 */
type Clients = 'one' | 'many'

const LIFTED = { SESSION_RATE_LIMIT: '1000000', DRAFT_WRITE_RATE_LIMIT: '1000000' }

/** A client address of the benchmarking range, different for most requests. */
const someAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`

async function bench(databaseUrl: string, clients: Clients) {
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    WEB_DIST: '/nonexistent',
    // Sign-in on the local chain with a node that is not there: EOA signatures are checked by ECDSA recovery.
    LOCAL_RPC_URL: 'http://127.0.0.1:9',
    SEPOLIA_RPC_URL: 'http://127.0.0.1:9',
    // Sign-in is the bench's own setup, all from one address.
    NONCE_RATE_LIMIT: '1000000',
    VERIFY_RATE_LIMIT: '1000000',
    ACCOUNT_DRAFT_WRITE_RATE_LIMIT: '1000000',
    ...(clients === 'one' ? LIFTED : { TRUST_PROXY: '1' }),
  }
  const from = (): Record<string, string> => (clients === 'one' ? {} : { 'X-Forwarded-For': someAddress() })
  const apis: ApiProcess[] = []
  try {
    apis.push(await startApi(env), await startApi(env))
    const [first] = apis
    if (!first) throw new Error('no API')
    const cookies = await signInMany(first, ACCOUNTS)
    const drafts: { id: string; cookie: string }[] = []
    for (const cookie of cookies)
      for (let n = 0; n < DRAFTS_PER_ACCOUNT; n++) {
        const res = await fetch(`${first.base}/api/drafts`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: cookie, ...from() },
          body: JSON.stringify({
            name: `Draft ${n}`,
            chainId: 31337,
            layers: [1, 2, 3].map((layer) => ({ layer, decorationId: 0, tokenId: '0' })),
          }),
        })
        if (res.status !== 201) throw new Error(`creating a draft answered ${res.status}: ${await res.text()}`)
        drafts.push({ id: ((await res.json()) as { id: string }).id, cookie })
      }

    const sessionReads = await load(apis, (api) => ({
      url: api.base,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: '/api/auth/session',
            headers: { Cookie: cookies[0] ?? '', ...from() },
          }),
        },
      ],
    }))
    let written = 0
    const draftWrites = await load(apis, (api) => ({
      url: api.base,
      requests: [
        {
          method: 'PATCH',
          setupRequest: (request) => {
            written += 1
            const draft = drafts[written % drafts.length]
            if (!draft) throw new Error('no draft')
            return {
              ...request,
              path: `/api/drafts/${draft.id}`,
              headers: { 'Content-Type': 'application/json', Cookie: draft.cookie, ...from() },
              body: JSON.stringify({ name: `Renamed ${written}` }),
            }
          },
        },
      ],
    }))
    return { sessionReads, draftWrites }
  } finally {
    for (const api of apis) api.kill('SIGTERM')
    await Promise.all(apis.map((api) => api.exited))
  }
}

const cluster = await createPostgresCluster()
try {
  const oneClient = await bench(cluster.url, 'one')
  const manyClients = await bench(cluster.url, 'many')
  const report = { durationSeconds: DURATION_S, connectionsPerProcess: CONNECTIONS, oneClient, manyClients }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
} finally {
  await cluster.destroy()
}
