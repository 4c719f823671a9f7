import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'

export type Anvil = {
  /** JSON-RPC endpoint, e.g. `http://127.0.0.1:8545`. */
  rpcUrl: string
  port: number
  process: ChildProcess
  /** Stops anvil and resolves once the process has exited. */
  stop: () => Promise<void>
}

export type AnvilOptions = {
  /** Port to listen on; 0 picks a free one. */
  port?: number
  host?: string
  chainId?: number
  /** Unix time of the genesis block, so tests can start at a known wall-clock time. */
  timestamp?: number
  /** Keep no chain history: no state of past blocks (test chains with thousands of blocks stay fast). */
  pruneHistory?: boolean
  /** Mine pooled transactions in the order they arrived rather than by fee (for blocks built by hand). */
  fifo?: boolean
  /** A genesis file (geth's genesis.json): its chain id, accounts and code take the place of anvil's own. */
  genesis?: string
  /** Mine a block every this many seconds (fractions allowed) instead of one per transaction. */
  blockTime?: number
  /** Dev accounts anvil creates and signs for (default 10); 0 for a chain where only keys sign, as on a real one. */
  accounts?: number
  /** Forward anvil's own log lines to this stream (silent by default). */
  log?: NodeJS.WritableStream
}

/** Thrown when the requested port is already in use. */
export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`port ${port} is already in use`)
    this.name = 'PortInUseError'
  }
}

/**
 * The anvil binary from the npm package's platform build. Spawned directly, not through the package's
 * node launcher, so that stopping it waits for anvil itself rather than a wrapper that exits first.
 */
function anvilCommand(): { command: string; args: string[] } {
  const require = createRequire(import.meta.url)
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string]
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  try {
    const launcher = require.resolve('@foundry-rs/anvil/package.json')
    const command = createRequire(launcher).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${binary}`)
    return { command, args: [] }
  } catch {
    return { command: process.execPath, args: [require.resolve('@foundry-rs/anvil/bin.mjs')] }
  }
}

/** Ports this process has handed out: never the same one twice. */
const handedOut = new Set<number>()

/**
 * The kernel's range of ephemeral ports: those it picks for `listen(0)` and for the source port of every outgoing
 * connection (/proc/sys/net/ipv4/ip_local_port_range; Linux's default elsewhere).
 */
export function ephemeralPorts(read = () => readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')) {
  try {
    const [low, high] = read().trim().split(/\s+/).map(Number)
    if (Number.isInteger(low) && Number.isInteger(high) && low > 0 && high >= low) return { low, high }
  } catch {
    // Not Linux: its default range stands.
  }
  return { low: 32768, high: 60999 }
}

/**
 * Resolves with a port on `host` that is free now, for a service started in a moment. It is taken from below the
 * kernel's ephemeral range, at random: a port the kernel picked for `listen(0)` and released is one it may give the
 * next outgoing connection as its source port, and in a CI run one did, between this answer and anvil's start ("port
 * … is already in use"). Where the range leaves too little room below it, the kernel picks.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const { low } = ephemeralPorts()
  const from = Math.max(10_000, low - 16_384)
  if (low - from >= 1_000) {
    for (let tries = 0; tries < 200; tries++) {
      const port = from + Math.floor(Math.random() * (low - from))
      if (handedOut.has(port) || !(await isPortFree(port, host))) continue
      handedOut.add(port)
      return port
    }
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Resolves true when nothing listens on `host:port`. */
export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, host, () => server.close(() => resolve(true)))
  })
}

/** Starts anvil from the npm package and resolves once it listens. */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const host = options.host ?? '127.0.0.1'
  if (options.port && !(await isPortFree(options.port, host))) throw new PortInUseError(options.port)
  const { command, args } = anvilCommand()
  // Without a port of its own anvil binds one the kernel picks and says which. A port chosen here and handed to it
  // could be chosen at the same moment in another process: two test files' anvils were given one port, the second
  // failed to bind, and both files deployed to the first until it stopped under the other (ECONNRESET).
  args.push('--host', host, '--port', String(options.port || 0))
  if (options.genesis) args.push('--init', options.genesis)
  else args.push('--chain-id', String(options.chainId ?? 31337))
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime))
  if (options.accounts !== undefined) args.push('--accounts', String(options.accounts))
  if (options.timestamp !== undefined) args.push('--timestamp', String(options.timestamp))
  if (options.pruneHistory) args.push('--prune-history')
  if (options.fifo) args.push('--order', 'fifo')
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  if (options.log) {
    child.stdout?.pipe(options.log, { end: false })
    child.stderr?.pipe(options.log, { end: false })
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  // The port this anvil bound, from its own "Listening on host:port": what answers there is this process, not
  // another that held the port first.
  let said = ''
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`anvil did not start listening within 15 s:\n${said}`)), 15_000)
    const read = (chunk: Buffer) => {
      said = (said + chunk.toString()).slice(-4_000)
      const listening = /Listening on \S+:(\d+)/.exec(said)
      if (!listening) return
      clearTimeout(timer)
      // Its later lines (one per request) go on to `log`, or nowhere.
      for (const stream of [child.stdout, child.stderr]) {
        stream?.off('data', read)
        if (!options.log) stream?.resume()
      }
      resolve(Number(listening[1]))
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      if (options.port && /Address already in use/.test(said)) reject(new PortInUseError(options.port))
      else reject(new Error(`anvil exited with code ${code} before it was ready:\n${said}`))
    })
  }).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return { rpcUrl: `http://${host}:${port}`, port, process: child, stop }
}
