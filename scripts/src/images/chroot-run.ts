// Runs an image's process without a container runtime: chroot into the image's mounted files as the image's user,
// in its working directory, with its environment and nothing of this process's, /proc and /dev mounted as a runtime
// would. The network is this machine's, so the process is reached on 127.0.0.1. Used where containers cannot run.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { accountIn } from '../postgres'
import { forEachLine, signal } from '../processes'
import { type Exit, exitText } from '../runner'
import { envRecord, type ImageConfig } from './buildah'
import { once, run } from './command'

/** This machine's chroot, found once on its PATH (the image's PATH is the one the processes get). */
let chrootPath: string | undefined
const chroot = () => {
  chrootPath ??= execFileSync('sh', ['-c', 'command -v chroot'], { encoding: 'utf8' }).trim()
  return chrootPath
}

/** The files a runtime puts in every container: name resolution, `localhost` among it. */
const RUNTIME_FILES = ['etc/hosts', 'etc/resolv.conf']

/**
 * Mounts /proc and binds this machine's /dev, /etc/hosts and /etc/resolv.conf into `root` (a working container's,
 * whose files may be changed), as a runtime would; resolves with what undoes it.
 */
export async function systemMounts(root: string): Promise<() => Promise<void>> {
  const mounted: string[] = []
  const undo = once(async () => {
    for (const point of mounted.reverse()) {
      await run('umount', [point]).catch(() => run('umount', ['--lazy', point]))
    }
  })
  try {
    await run('mount', ['-t', 'proc', 'proc', join(root, 'proc')])
    mounted.push(join(root, 'proc'))
    await run('mount', ['--bind', '/dev', join(root, 'dev')])
    mounted.push(join(root, 'dev'))
    for (const file of RUNTIME_FILES.filter((name) => existsSync(join('/', name)))) {
      if (!existsSync(join(root, file))) writeFileSync(join(root, file), '')
      await run('mount', ['--bind', join('/', file), join(root, file)])
      mounted.push(join(root, file))
    }
  } catch (error) {
    await undo()
    throw error
  }
  return undo
}

/** The uid and gid of the image's user (`node`, `1000`, `1000:1000`), from the image's own account files. */
export function userOf(root: string, config: ImageConfig): { uid: number; gid: number } {
  const [user = '', group] = (config.User || '0').split(':')
  const account = /^\d+$/.test(user)
    ? { uid: Number(user), gid: Number(user) }
    : accountIn(readFileSync(join(root, 'etc/passwd'), 'utf8'), user)
  if (!account) throw new Error(`the image's user "${config.User}" is not in its /etc/passwd`)
  return group && /^\d+$/.test(group) ? { uid: account.uid, gid: Number(group) } : account
}

export type InImage = {
  root: string
  config: ImageConfig
  /** Settings over the image's environment. */
  env?: Record<string, string>
}

/** The command line that runs `argv` in the image as its user, in its working directory, with its environment. */
function chrootArgs({ root, config }: InImage, argv: string[]) {
  const { uid, gid } = userOf(root, config)
  return [`--userspec=${uid}:${gid}`, `--groups=${gid}`, root, '/usr/bin/env', '-C', config.WorkingDir || '/', ...argv]
}

const environment = ({ config, env }: InImage) => ({ ...envRecord(config), ...env })

export type ImageProcess = {
  pid: number
  /** Its last lines of output. */
  tail: () => string[]
  /** Resolves when it exits. */
  exited: Promise<Exit>
  /** Sends the image's stop signal and waits `graceMs`, then kills it; says how it ended. */
  stop: (graceMs: number) => Promise<{ exit: Exit; ms: number; killed: boolean }>
}

/** The processes started and not yet exited, for a run cut short to stop before it unmounts their files. */
const live = new Set<ImageProcess>()

/** Stops every image process still running, each with its image's stop signal, SIGKILL after `graceMs`. */
export const stopImageProcesses = (graceMs: number) => Promise.all([...live].map((started) => started.stop(graceMs)))

/** Starts the image's entrypoint with `args` in place of its command (the image's own when omitted). */
export function startInImage(at: InImage, args?: string[], onLine?: (line: string) => void): ImageProcess {
  const argv = [...(at.config.Entrypoint ?? []), ...(args ?? at.config.Cmd ?? [])]
  // Its own process group, so that whatever it starts can be killed with it.
  const child: ChildProcess = spawn(chroot(), chrootArgs(at, argv), {
    env: environment(at),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  forEachLine(child, (line) => {
    lines.push(line)
    if (lines.length > 40) lines.shift()
    onLine?.(line)
  })
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, sig) => resolve({ code, signal: sig }))
    child.once('error', () => resolve({ code: null, signal: null }))
  })
  let done: Exit | undefined
  exited.then((exit) => {
    done = exit
  })
  const pid = child.pid ?? -1
  const stop = async (graceMs: number) => {
    const started = Date.now()
    if (done) return { exit: done, ms: 0, killed: false }
    // A runtime sends the stop signal to the image's first process only.
    signal(pid, (at.config.StopSignal as NodeJS.Signals) || 'SIGTERM')
    const exit = await Promise.race([exited, sleep(graceMs).then(() => undefined)])
    if (exit) return { exit, ms: Date.now() - started, killed: false }
    signal(-pid, 'SIGKILL')
    return { exit: await exited, ms: Date.now() - started, killed: true }
  }
  const started: ImageProcess = { pid, tail: () => [...lines], exited, stop }
  live.add(started)
  exited.then(() => live.delete(started))
  return started
}

/** Runs the image's HEALTHCHECK command as the image would; resolves with its exit code. */
export async function runHealthcheck(at: InImage): Promise<number> {
  const [kind, ...rest] = at.config.Healthcheck?.Test ?? []
  if (kind !== 'CMD' && kind !== 'CMD-SHELL') throw new Error('the image has no HEALTHCHECK command')
  const argv = kind === 'CMD' ? rest : ['/bin/sh', '-c', rest.join(' ')]
  return run(chroot(), chrootArgs(at, argv), { env: environment(at) }).then(
    () => 0,
    (error: { code?: number | null }) => error.code ?? -1,
  )
}

/** Runs `argv` in the image as its user; resolves with its standard output. */
export const runInImage = (at: InImage, argv: string[]) => run(chroot(), chrootArgs(at, argv), { env: environment(at) })

/** Waits until `url` answers `status`; fails early, with the process's last lines, when the process exits first. */
export async function waitForAnswer(
  url: string,
  running: ImageProcess,
  { status = 200, timeoutMs = 90_000 } = {},
): Promise<{ status: number; body: string; ms: number }> {
  const started = Date.now()
  let exit: Exit | undefined
  running.exited.then((e) => {
    exit = e
  })
  let last = 'no answer'
  while (Date.now() - started < timeoutMs) {
    if (exit)
      throw new Error(`it exited (${exitText(exit)}) before ${url} answered ${status}:\n${running.tail().join('\n')}`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) })
      const body = await response.text()
      if (response.status === status) return { status, body, ms: Date.now() - started }
      last = `${response.status} ${body.slice(0, 200)}`
    } catch (error) {
      last = (error as Error).message
    }
    await sleep(250)
  }
  throw new Error(
    `${url} did not answer ${status} within ${timeoutMs / 1000} s (last: ${last}):\n${running.tail().join('\n')}`,
  )
}
