// Starts the floor (floor-server.ts) beside a rehearsal: one process on the rehearsal's Postgres, asked directly.
import { spawn } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { freePort } from '@chainellation/contracts/anvil'
import { signal } from '@chainellation/scripts/processes'

const entry = fileURLToPath(new URL('./floor-server.ts', import.meta.url))

export type Floor = { base: string; pid: number; stop: () => void }

/**
 * The floor under plain node with the API's own flags (`nodeFlags`), so that its heap and collector are sized as the
 * API's are; `pages` maps a request path to the file of the HTML it answers with, and `headers` a route to the headers
 * the API sends on every answer of it ({@link sameOnEveryAnswer}).
 */
export async function startFloor(
  postgresUrl: string,
  pages: Record<string, string>,
  headers: Record<string, Record<string, string>>,
  nodeFlags: readonly string[],
) {
  const port = await freePort()
  const child = spawn(process.execPath, [...nodeFlags, entry], {
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
  const pid = child.pid as number
  const floor: Floor = { base: `http://127.0.0.1:${port}`, pid, stop: () => signal(-pid, 'SIGKILL') }
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${floor.base}/api/auth/session`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return floor
    if (child.exitCode !== null) break
    await sleep(100)
  }
  floor.stop()
  throw new Error('the floor server did not start')
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
