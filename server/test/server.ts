// The API as a process of its own, for tests that kill it: the bundle the tests built (test/api-build.ts), as
// `npm start -w server` runs it, or src/index.ts under tsx where there is none (a bench). Not imported by the server
// itself.
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from '@chainellation/contracts/anvil'
import { overHttp, type Requestable } from './sign-in'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const START_TIMEOUT_MS = 45_000

/** A running API: `request` reaches it through `fetch`, for helpers written against `app.request`. */
export type ApiProcess = Requestable & {
  /** `http://127.0.0.1:<port>` */
  base: string
  /** What the server wrote to stdout and stderr so far. */
  output: () => { stdout: string; stderr: string }
  /** Resolves with the exit code, or the signal's name, once the process has exited. */
  exited: Promise<number | string>
  kill: (signal: NodeJS.Signals) => void
  pid: number
}

const running = new Set<ChildProcess>()
// A test that fails half-way must not leave a server holding its database.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * Starts the API with `env` (plus PATH and HOST=127.0.0.1) on `port`, or a free one: the bundle at `entry`, or
 * src/index.ts under tsx. Resolves once it listens, and rejects with its output when it exits first.
 */
export async function startApi(
  env: Record<string, string>,
  { port, entry, nodeFlags = [] }: { port?: number; entry?: string; nodeFlags?: readonly string[] } = {},
): Promise<ApiProcess> {
  const listenOn = port ?? (await freePort())
  const child = spawn(process.execPath, [...nodeFlags, ...(entry ? [entry] : ['--import', 'tsx', 'src/index.ts'])], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', ...env, PORT: String(listenOn) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let stdout = ''
  let stderr = ''
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve(code ?? signal ?? 'unknown')
    }),
  )
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the API did not listen within ${START_TIMEOUT_MS} ms:\n${stdout}${stderr}`))
    }, START_TIMEOUT_MS)
    let listening = false
    child.stdout.on('data', (chunk) => {
      stdout += chunk
      // Checked until found only: a server under load writes a line per request, and the output grows with them.
      if (!listening && stdout.includes('API listening')) {
        listening = true
        clearTimeout(timer)
        resolve()
      }
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`the API exited (${code}) before listening:\n${stdout}${stderr}`))
    })
  })
  const base = `http://127.0.0.1:${listenOn}`
  return {
    base,
    output: () => ({ stdout, stderr }),
    exited,
    request: overHttp(base).request,
    kill: (signal) => child.kill(signal),
    pid: child.pid ?? 0,
  }
}
