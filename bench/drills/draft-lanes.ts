export type Lane = { cookie: string; id?: string; acked: number; unanswered?: number }
export type Failure = { at: number; what: string; status: number | string }

/** Writing lanes and reading clients. */
export const LANES = 12
export const READERS = 8

const nameOf = (lane: number, version: number) => `Lane ${lane} v${version}`

export async function runDraftLanes(options: {
  base: string
  origin: string
  chainId: number
  cookies: string[]
  forMs: number
  /** Runs beside the load from its start (a kill, say). */
  meanwhile: () => Promise<void>
}) {
  const { base, origin, chainId, cookies } = options
  const lanes: Lane[] = Array.from({ length: LANES }, (_, i) => ({
    cookie: cookies[i % cookies.length] as string,
    acked: 0,
  }))
  const failures: Failure[] = []
  let reads = 0
  let writes = 0
  const started = Date.now()
  const until = started + options.forMs
  const body = (lane: number, version: number) =>
    JSON.stringify({
      name: nameOf(lane, version),
      chainId,
      skyId: String(version),
      layers: [
        { layer: 1, decorationId: 1, tokenId: '0' },
        { layer: 2, decorationId: 0, tokenId: '0' },
        { layer: 3, decorationId: 0, tokenId: '0' },
      ],
    })
  const call = async (what: string, url: string, init: RequestInit = {}) => {
    try {
      const res = await fetch(url, init)
      const text = await res.text()
      if (!res.ok) failures.push({ at: Date.now() - started, what, status: res.status })
      return res.ok ? text : undefined
    } catch (error) {
      failures.push({ at: Date.now() - started, what, status: (error as Error).message })
      return undefined
    }
  }
  const writer = async (index: number) => {
    const lane = lanes[index] as Lane
    const headers = { cookie: lane.cookie, origin, 'content-type': 'application/json' }
    for (let version = 1; Date.now() < until; version++) {
      lane.unanswered = version
      const answer = lane.id
        ? await call('write', `${base}/api/drafts/${lane.id}`, { method: 'PATCH', headers, body: body(index, version) })
        : await call('write', `${base}/api/drafts`, { method: 'POST', headers, body: body(index, version) })
      writes++
      if (answer === undefined) {
        // Unanswered or refused: the next write goes on from the last acknowledged one.
        if (!lane.id) version--
        continue
      }
      lane.id ??= (JSON.parse(answer) as { id: string }).id
      lane.acked = version
      lane.unanswered = undefined
    }
  }
  const reader = async (index: number) => {
    const cookie = cookies[index % cookies.length] as string
    for (let i = 0; Date.now() < until; i++) {
      const lane = lanes[i % lanes.length] as Lane
      const path = [`/api/auth/session`, lane.id ? `/api/drafts/${lane.id}` : '/api/health', '/'][i % 3]
      await call('read', `${base}${path}`, { headers: { cookie } })
      reads++
    }
  }
  await Promise.all([
    ...lanes.map((_, i) => writer(i)),
    ...Array.from({ length: READERS }, (_, i) => reader(i)),
    options.meanwhile(),
  ])
  return { lanes, failures, reads, writes, lost: await lostWrites(base, lanes) }
}

/** Every lane's draft holds its last acknowledged write, or the one after it that was sent and never answered. */
async function lostWrites(base: string, lanes: Lane[]) {
  const lost: string[] = []
  for (const [index, lane] of lanes.entries()) {
    if (!lane.id) continue
    const res = await fetch(`${base}/api/drafts/${lane.id}`)
    const draft = (await res.json()) as { name?: string }
    const held = [nameOf(index, lane.acked), ...(lane.unanswered ? [nameOf(index, lane.unanswered)] : [])]
    if (!held.includes(draft.name ?? '')) lost.push(`lane ${index}: holds ${draft.name}, acknowledged ${lane.acked}`)
  }
  return lost
}
