// Starts the floor (floor-server.ts) in the rehearsal's shape: two processes on the rehearsal's Postgres, behind nginx
// with the configuration compose ships, so that the floor's requests go through everything the API's do but the API.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { freePort } from '@chainellation/contracts/anvil'
import { findNginx, prepareNginx } from '@chainellation/scripts/nginx'
import { signal } from '@chainellation/scripts/processes'

const entry = fileURLToPath(new URL('./floor-server.ts', import.meta.url))

/** The files of a page's bodies as the API sent them, one for each coding. */
export type PageFiles = { identity: string; br: string; gzip: string }

export type Floor = { base: string; pids: number[]; stop: () => void }

/** `url` answers 200 within `seconds` (true), or the process that serves it has gone or not answered in time (false). */
export async function answers(url: string, gone: () => boolean, seconds = 30) {
  for (let i = 0; i < seconds * 10; i++) {
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return true
    if (gone()) return false
    await sleep(100)
  }
  return false
}

/** What a floor process serves: the API's pages and the headers of its routes (startFloor). */
export type FloorSettings = {
  postgresUrl: string
  pages: Record<string, PageFiles>
  headers: Record<string, Record<string, string>>
  nodeFlags: readonly string[]
}

/** One floor process at `port`, detached, under plain node with the API's flags. */
export function spawnFloorProcess(port: number, { postgresUrl, pages, headers, nodeFlags }: FloorSettings) {
  return spawn(process.execPath, [...nodeFlags, entry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: postgresUrl,
      FLOOR_PAGES: JSON.stringify(pages),
      FLOOR_HEADERS: JSON.stringify(headers),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
}

/**
 * The floor as the API runs in the rehearsal: two processes under plain node with the API's own flags (`nodeFlags`),
 * so that their heaps and collectors are sized as the API's are, behind an nginx of their own configured as the
 * API's. `pages` maps a request path to the files of the bodies it answers with, and `headers` a route to the headers
 * the API sends on every answer of it ({@link sameOnEveryAnswer}).
 *
 * The same shape as the API's, not one process asked directly: two processes and nginx sharing the cores with the
 * load cost each request more CPU than one process alone (the home page, 0.069 ms a request from one API process
 * asked directly and 0.086 through nginx in the same minute), which is no work of the API's.
 */
export async function startFloor(settings: FloorSettings): Promise<Floor> {
  const nginx = findNginx()
  if (!nginx) throw new Error('nginx is not installed; the floor runs behind it as the API does')
  const ports = [await freePort(), await freePort()] as const
  const processes = ports.map((port) => {
    const child = spawnFloorProcess(port, settings)
    return { pid: child.pid as number, gone: () => child.exitCode !== null }
  })
  const dir = mkdtempSync(join(tmpdir(), 'prod-bench-floor-nginx-'))
  const port = await freePort()
  const balancer = spawn(
    nginx,
    prepareNginx({ dir, port, upstreams: [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`] }),
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  )
  const pids = processes.map((p) => p.pid)
  const floor: Floor = {
    base: `http://127.0.0.1:${port}`,
    pids,
    stop: () => {
      for (const pid of [...pids, balancer.pid as number]) signal(-pid, 'SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    },
  }
  const up = await Promise.all(
    processes.map((p, i) => answers(`http://127.0.0.1:${ports[i]}/api/auth/session`, p.gone)),
  ).then((each) => each.every(Boolean) && answers(`${floor.base}/api/auth/session`, () => balancer.exitCode !== null))
  if (up) return floor
  floor.stop()
  throw new Error('the floor did not start')
}

/**
 * Headers that differ from one answer to the next, or that the floor works out itself: left out of what it is given
 * to send, and of the check that it answers as the API does.
 */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'server',
  'content-length',
  'content-type',
  'content-encoding',
  'etag',
  'vary',
  'x-request-id',
  'ratelimit',
  'ratelimit-policy',
  'set-cookie',
])

/** The headers of an API answer that every answer of its route carries: its security headers, its Cache-Control. */
export const sameOnEveryAnswer = (headers: Headers): Record<string, string> =>
  Object.fromEntries([...headers].filter(([name]) => !OWN_HEADERS.has(name)))
