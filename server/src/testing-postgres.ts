// A private Postgres cluster for tests: the server binaries of the machine (Debian's `postgresql` package, which
// `.ci/run` installs), a data folder of its own and a free port. Not imported by the server itself.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { accessSync, chownSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { freePort } from '@chainellation/contracts/anvil'

const DEBIAN_ROOT = '/usr/lib/postgresql'
const INSTALL_HINT = 'install them with `apt-get install postgresql` (as `.ci/run` does)'

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * The folder holding `initdb` and `postgres`: Debian's newest `/usr/lib/postgresql/<version>/bin` (not on PATH
 * there), else the first folder on PATH that has both. Throws, saying how to install them, when there is none.
 */
export function postgresBinDir(path = process.env.PATH ?? ''): string {
  const debian = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => join(DEBIAN_ROOT, version, 'bin'))
    : []
  const found = [...debian, ...path.split(delimiter).filter(Boolean)].find(
    (dir) => executable(join(dir, 'postgres')) && executable(join(dir, 'initdb')),
  )
  if (!found) throw new Error(`The Postgres server binaries (initdb, postgres) are not installed; ${INSTALL_HINT}.`)
  return found
}

/** Postgres will not run as root; as root, the cluster runs as the `postgres` account the package creates. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    throw new Error(
      `Postgres refuses to run as root, and there is no "postgres" account to run it as; ${INSTALL_HINT}.`,
    )
  }
}

/** Live (not zombie) processes whose parent is `pid`, from `ps`. */
function childrenOf(pid: number): number[] {
  return execFileSync('ps', ['-A', '-o', 'pid=,ppid=,stat='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, ppid, stat]) => Number(ppid) === pid && !stat?.startsWith('Z'))
    .map(([child]) => Number(child))
}

/** Resolves once none of `pids` runs any more (zombies count as gone); throws after 10 s. */
async function gone(pids: number[]): Promise<void> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const table = execFileSync('ps', ['-A', '-o', 'pid=,stat='], { encoding: 'utf8' })
    const running = table
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([pid, stat]) => pids.includes(Number(pid)) && !stat?.startsWith('Z'))
    if (running.length === 0) return
    if (Date.now() > deadline)
      throw new Error(`Postgres processes ${running.map(([pid]) => pid).join(', ')} did not stop`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export type PostgresCluster = {
  /** Connection string of the cluster's `postgres` database, for DATABASE_URL. */
  url: string
  /** Everything the server has logged since it was created. */
  log: () => string
  /** Starts the server on the data folder; resolves once it accepts connections. */
  start: () => Promise<void>
  /** SIGKILL to the postmaster and every backend: a crash, with no shutdown checkpoint; resolves once all are gone. */
  crash: () => Promise<void>
  /** A fast shutdown, then the data folder is removed. */
  destroy: () => Promise<void>
}

const START_TIMEOUT_MS = 30_000

/** Creates a cluster in a new temporary folder (initdb) and starts it. */
export async function createPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir()
  const user = runAs()
  const root = mkdtempSync(join(tmpdir(), 'postgres-cluster-'))
  const dataDir = join(root, 'data')
  mkdirSync(dataDir, { mode: 0o700 })
  if (user) {
    chownSync(root, user.uid, user.gid)
    chownSync(dataDir, user.uid, user.gid)
  }
  // Messages in English whatever the machine's locale: readiness is read from the log.
  const options = { cwd: root, env: { PATH: process.env.PATH, LC_ALL: 'C', LANG: 'C' }, ...user }
  // Trust on a cluster that listens on 127.0.0.1 only and lives as long as the test. initdb's own fsync of the
  // new cluster is skipped: a process is killed in these tests, never the machine.
  execFileSync(
    join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'chainellation', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { ...options, stdio: 'pipe' },
  )
  const port = await freePort()
  let log = ''
  let server: ChildProcess | undefined
  let exited: Promise<unknown> = Promise.resolve()

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const from = log.length
      const child = spawn(
        join(bin, 'postgres'),
        ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        { ...options, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      server = child
      exited = new Promise((done) => child.once('exit', done))
      const timer = setTimeout(
        () => reject(new Error(`Postgres did not start in ${START_TIMEOUT_MS} ms:\n${log}`)),
        START_TIMEOUT_MS,
      )
      const collect = (chunk: Buffer) => {
        log += chunk
        if (log.slice(from).includes('database system is ready to accept connections')) {
          clearTimeout(timer)
          resolve()
        }
      }
      child.stdout?.on('data', collect)
      child.stderr?.on('data', collect)
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`Postgres exited (${code ?? signal}) before accepting connections:\n${log.slice(from)}`))
      })
    })

  /** The postmaster and its children: each backend leads a process group of its own (it calls setsid). */
  const processes = () => {
    const pid = server?.pid
    if (!pid || server?.exitCode !== null || server?.signalCode !== null) return []
    return [pid, ...childrenOf(pid)]
  }
  const send = (pids: number[], signal: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, signal)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
      }
    }
  }
  // A test run that ends early must not leave a server behind.
  const onExit = () => send(processes(), 'SIGKILL')
  process.once('exit', onExit)

  await start()
  return {
    url: `postgres://chainellation@127.0.0.1:${port}/postgres`,
    log: () => log,
    start,
    crash: async () => {
      const pids = processes()
      send(pids, 'SIGKILL')
      await exited
      // A backend still attached to the old shared memory would keep a new postmaster from starting.
      await gone(pids)
    },
    destroy: async () => {
      // SIGINT is Postgres's fast shutdown: open sessions are ended, a checkpoint written.
      const pids = processes()
      send(pids.slice(0, 1), 'SIGINT')
      const timer = setTimeout(() => send(processes(), 'SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
      await gone(pids)
      process.removeListener('exit', onExit)
      rmSync(root, { recursive: true, force: true })
    },
  }
}
