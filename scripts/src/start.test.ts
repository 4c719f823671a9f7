import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, isPortFree } from '@chainellation/contracts/anvil'
import { anvilAccount } from '@chainellation/contracts/safe'
import { afterEach, describe, expect, it } from 'vitest'
import { procCommandLine, procEnvironment } from './proc'
import { alive, descendants, signal, waitGone } from './processes'

const scriptsDir = fileURLToPath(new URL('..', import.meta.url))

type Launched = {
  dataDir: string
  indexerDataDir: string
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const launched: Launched[] = []
const watched: number[] = []
const dataDirs: string[] = []

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  return [...ports]
}

/** Runs `npm start`'s script the way a terminal would: as the leader of its own process group. */
function launch(
  ports: { anvil: number; api: number; web: number; indexer: number },
  via: 'node' | 'npm' = 'node',
  env: Record<string, string> = {},
): Launched {
  const [command, args] =
    via === 'npm' ? ['npm', ['run', '--silent', 'start']] : [process.execPath, ['--import', 'tsx', 'src/start.ts']]
  // Not the repository's own database: a developer's `npm start` may have it open.
  const folder = mkdtempSync(join(tmpdir(), 'chainellation-start-test-'))
  dataDirs.push(folder)
  const [dataDir, indexerDataDir] = [join(folder, 'pglite'), join(folder, 'indexer')]
  const child = spawn(command, args, {
    cwd: scriptsDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NO_COLOR: '1',
      ANVIL_PORT: `${ports.anvil}`,
      PORT: `${ports.api}`,
      WEB_PORT: `${ports.web}`,
      INDEXER_PORT: `${ports.indexer}`,
      DATA_DIR: dataDir,
      INDEXER_DATA_DIR: indexerDataDir,
      ...env,
    },
  })
  let out = ''
  let err = ''
  child.stdout?.on('data', (chunk) => {
    out += chunk
  })
  child.stderr?.on('data', (chunk) => {
    err += chunk
  })
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, sig) => resolve({ code, signal: sig })),
  )
  const run = { dataDir, indexerDataDir, child, stdout: () => out, stderr: () => err, exit }
  launched.push(run)
  return run
}

async function waitUntilReady(run: Launched): Promise<void> {
  const deadline = Date.now() + 90_000
  while (!run.stdout().includes('Press Ctrl-C to stop.')) {
    // Its stderr first: the one line that says why, which a long stdout would push out of a cut log.
    if (run.child.exitCode !== null) throw new Error(`start exited early: ${run.stderr()}\n${run.stdout()}`)
    if (Date.now() > deadline) throw new Error(`start was not ready within 90 s:\n${run.stdout()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The process tree of a running `start`, with each process's command line. */
function tree(pid: number): { pid: number; args: string }[] {
  return descendants(pid).flatMap((id) => {
    const args = procCommandLine(id)
    return args === undefined ? [] : [{ pid: id, args }]
  })
}

/** A process's environment (Linux). */
const environ = (pid: number): Record<string, string> => procEnvironment(pid) ?? {}

/** Asserts that the tree holds the API, Vite and the anvil binary; returns the API process. */
function expectServices(processes: { pid: number; args: string }[]) {
  const listing = `\n${processes.map((p) => `${p.pid} ${p.args}`).join('\n')}`
  const api = processes.find((p) => p.args.includes('src/index.ts'))
  expect(api, `the API process in${listing}`).toBeDefined()
  expect(
    processes.some((p) => p.args.includes('vite.js')),
    `the Vite process in${listing}`,
  ).toBe(true)
  const anvilBinary = processes.some((p) => /anvil(\s|$)/.test(p.args) && !p.args.includes('bin.mjs'))
  expect(anvilBinary, `the anvil binary in${listing}`).toBe(true)
  const indexer = processes.find((p) => p.args.includes('ponder.js start'))
  expect(indexer, `the indexer (ponder start) in${listing}`).toBeDefined()
  return { api, indexer }
}

/** A read-only call to the local chain, answered as raw hex. */
async function ethCall(rpcUrl: string, method: string, params: unknown[]): Promise<string> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: string }).result
}

/** What the chain says of the Safe at `address`: whether it has code, its threshold and its owners (lower case). */
async function safeOnChain(rpcUrl: string, address: string) {
  const call = (data: string) => ethCall(rpcUrl, 'eth_call', [{ to: address, data }, 'latest'])
  // getOwners() answers an ABI-encoded address[]: offset, length, then one word per owner.
  const words = (await call('0xa0e67e2b')).slice(2).match(/.{64}/g) ?? []
  return {
    code: await ethCall(rpcUrl, 'eth_getCode', [address, 'latest']),
    threshold: BigInt(await call('0xe75235b8')), // getThreshold()
    owners: words.slice(2).map((word) => `0x${word.slice(24)}`),
  }
}

const lower = (indexes: number[]) => indexes.map((i) => anvilAccount(i).address.toLowerCase())

afterEach(async () => {
  // Only matters when a test failed half-way: leave nothing behind for the next one.
  // The whole tree, not only start's group: the services run in groups of their own, and a stack that was still
  // starting when its test timed out is not yet in `watched` (its indexers were found running long after such a run).
  for (const run of launched.splice(0))
    if (run.child.pid && run.child.exitCode === null) {
      const below = descendants(run.child.pid)
      signal(-run.child.pid, 'SIGKILL')
      for (const pid of below) signal(pid, 'SIGKILL')
    }
  for (const pid of watched.splice(0)) signal(pid, 'SIGKILL')
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Every process of the stack is gone and every port it used is free again. */
async function expectAllStopped(processes: { pid: number }[], ports: number[]) {
  expect(
    await waitGone(
      processes.map((p) => p.pid),
      5000,
    ),
    `still running: ${alive(watched)}`,
  ).toBe(true)
  for (const port of ports) expect(await isPortFree(port), `port ${port}`).toBe(true)
}

describe('npm start', () => {
  it('stops every process when one of them dies', async () => {
    const [anvil = 0, api = 0, web = 0, indexer = 0] = await distinctFreePorts(4)
    // A self-hosted Safe{Wallet} on this machine, as SAFE_ORIGINS in .env would name it.
    const safeOrigin = 'http://localhost:3000'
    const run = launch({ anvil, api, web, indexer }, 'node', { SAFE_ORIGINS: safeOrigin })
    await waitUntilReady(run)
    expect(run.stdout()).toContain(`http://localhost:${web}`)
    expect(run.stdout()).toMatch(/Chainellation\s+0x[0-9a-fA-F]{40}/)

    // The Safes it prints are on the chain, with the owners and thresholds it prints.
    const oneOfOne = /1-of-1 (0x[0-9a-fA-F]{40}) {2}owner: account 10\n/.exec(run.stdout())?.[1]
    const twoOfTwo = /2-of-2 (0x[0-9a-fA-F]{40}) {2}owners: accounts 11 and 12\n/.exec(run.stdout())?.[1]
    expect(oneOfOne, run.stdout()).toBeDefined()
    expect(twoOfTwo, run.stdout()).toBeDefined()
    expect(run.stdout()).toContain(`add http://localhost:${web}`)
    const rpcUrl = `http://127.0.0.1:${anvil}`
    const [one, two] = await Promise.all([safeOnChain(rpcUrl, oneOfOne ?? ''), safeOnChain(rpcUrl, twoOfTwo ?? '')])
    expect(one.code.length).toBeGreaterThan(2)
    expect(two.code.length).toBeGreaterThan(2)
    expect(one.threshold).toBe(1n)
    expect(two.threshold).toBe(2n)
    expect(one.owners).toEqual(lower([10]))
    expect(two.owners.sort()).toEqual(lower([11, 12]).sort())

    // The API lets that Safe{Wallet} frame the app.
    const health = await fetch(`http://127.0.0.1:${api}/api/health`)
    expect(health.headers.get('content-security-policy')).toMatch(new RegExp(`frame-ancestors [^;]*${safeOrigin}`))

    const processes = tree(run.child.pid ?? 0)
    watched.push(...processes.map((p) => p.pid))
    const { api: apiProcess, indexer: indexerProcess } = expectServices(processes)

    // Sign-in needs the local chain's node, the origins a person opens and a database folder.
    const apiEnv = environ(apiProcess?.pid ?? 0)
    expect(apiEnv.LOCAL_RPC_URL).toBe(`http://127.0.0.1:${anvil}`)
    expect(apiEnv.APP_ORIGINS?.split(',').sort()).toEqual([`http://127.0.0.1:${web}`, `http://localhost:${web}`])
    expect(apiEnv.DATA_DIR).toBe(run.dataDir)
    const vite = processes.find((p) => p.args.includes('vite.js'))
    const viteEnv = environ(vite?.pid ?? 0)
    expect(viteEnv.VITE_LOCAL_CHAIN).toBe('true')
    expect(viteEnv.VITE_LOCAL_RPC_URL).toBe(`http://127.0.0.1:${anvil}`)
    expect(viteEnv.VITE_SAFE_ORIGINS).toBe(safeOrigin)
    expect(apiEnv.SAFE_ORIGINS).toBe(safeOrigin)

    // The indexer follows the local chain into its own folder, and the API is told where it answers.
    const indexerEnv = environ(indexerProcess?.pid ?? 0)
    expect(indexerEnv.INDEXER_RPC_URLS).toBe(`http://127.0.0.1:${anvil}`)
    expect(indexerEnv.INDEXER_PGLITE_DIR).toBe(run.indexerDataDir)
    expect(apiEnv.INDEXER_URL).toBe(`http://127.0.0.1:${indexer}`)
    expect(run.stdout()).toContain(`http://127.0.0.1:${indexer}/sync`)
    const sync = (await (await fetch(`http://127.0.0.1:${indexer}/sync`)).json()) as { ready: boolean }
    expect(sync.ready).toBe(true)

    // A crashed indexer is started again on its folder, kept as it was (emptied only when the stack starts), and
    // answers again; the rest of the stack runs on.
    const kept = join(run.indexerDataDir, 'kept-across-a-restart')
    writeFileSync(kept, '')
    process.kill(indexerProcess?.pid ?? 0, 'SIGKILL')
    const deadline = Date.now() + 90_000
    let restarted: { pid: number; args: string } | undefined
    for (;;) {
      restarted = tree(run.child.pid ?? 0).find((p) => p.args.includes('ponder.js start'))
      const ready = await fetch(`http://127.0.0.1:${indexer}/ready`).then(
        (r) => r.ok,
        () => false,
      )
      if (ready && restarted && restarted.pid !== indexerProcess?.pid) break
      if (Date.now() > deadline) throw new Error(`the indexer did not come back within 90 s:\n${run.stdout()}`)
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(run.stdout()).toContain(
      'the indexer exited unexpectedly (signal SIGKILL); restart 1 in 1 s, on its database',
    )
    expect(existsSync(kept)).toBe(true)
    expect(environ(restarted.pid).INDEXER_PGLITE_DIR).toBe(run.indexerDataDir)
    expect(run.child.exitCode).toBeNull()
    watched.push(restarted.pid)
    processes.push(restarted)

    process.kill(apiProcess?.pid ?? 0, 'SIGKILL')
    expect(await run.exit).toEqual({ code: 1, signal: null })
    expect(run.stderr()).toContain('API exited unexpectedly (signal SIGKILL); stopping everything.')
    await expectAllStopped(processes, [anvil, api, web, indexer])
  })

  it('stops everything on Ctrl-C and exits cleanly', async () => {
    const [anvil = 0, api = 0, web = 0, indexer = 0] = await distinctFreePorts(4)
    const run = launch({ anvil, api, web, indexer })
    await waitUntilReady(run)
    const processes = tree(run.child.pid ?? 0)
    watched.push(...processes.map((p) => p.pid))
    expectServices(processes)

    // A terminal sends SIGINT to the whole foreground process group.
    process.kill(-(run.child.pid ?? 0), 'SIGINT')
    expect(await run.exit).toEqual({ code: 0, signal: null })
    expect(run.stderr()).toBe('')
    await expectAllStopped(processes, [anvil, api, web, indexer])
  })

  it('stops everything when npm itself is terminated', async () => {
    const [anvil = 0, api = 0, web = 0, indexer = 0] = await distinctFreePorts(4)
    const run = launch({ anvil, api, web, indexer }, 'npm')
    await waitUntilReady(run)
    const processes = tree(run.child.pid ?? 0)
    watched.push(...processes.map((p) => p.pid))
    expectServices(processes)

    // What a supervisor does; npm exits without passing the signal on to its script.
    process.kill(run.child.pid ?? 0, 'SIGTERM')
    await run.exit
    expect(
      await waitGone(
        processes.map((p) => p.pid),
        10_000,
      ),
      `still running: ${alive(watched)}`,
    ).toBe(true)
    for (const port of [anvil, api, web, indexer]) expect(await isPortFree(port), `port ${port}`).toBe(true)
  })

  it.each([
    ['anvil', 'anvil', 'ANVIL_PORT'],
    ['api', 'API', 'PORT'],
    ['web', 'web app', 'WEB_PORT'],
    ['indexer', 'indexer', 'INDEXER_PORT'],
  ] as const)(
    'refuses to start when the %s port is taken, with one line and exit code 1',
    async (service, label, env) => {
      const [anvil = 0, api = 0, web = 0, indexer = 0] = await distinctFreePorts(4)
      const ports = { anvil, api, web, indexer }
      const blocker = net.createServer()
      await new Promise<void>((resolve) => blocker.listen(ports[service], '127.0.0.1', resolve))
      try {
        const run = launch(ports)
        expect(await run.exit).toEqual({ code: 1, signal: null })
        expect(run.stderr()).toBe(
          `chainellation: port ${ports[service]} is already in use (${label}). Stop whatever uses it or set ${env}.\n`,
        )
        expect(run.stdout()).toBe('')
        for (const [name, port] of Object.entries(ports)) {
          if (name !== service) expect(await isPortFree(port), `port ${port}`).toBe(true)
        }
      } finally {
        blocker.close()
      }
    },
  )
})
