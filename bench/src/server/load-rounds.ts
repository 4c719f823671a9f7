// A route under load, as prod-load.ts measures it: autocannon from this machine, the answering processes' CPU over the
// measured time from /proc (cpu.ts), and the API's routes measured in turn with their floor's.
import autocannon from 'autocannon'
import { cpuMsPerRequest, cpuRatio, cpuSecondsOf } from './cpu'
import { paced } from './paced'

export const CONNECTIONS = 50
/** A route measured alone (the PGlite process, which has no floor). */
export const SECONDS = 10

export type RouteRun = {
  route: string
  rps: number
  p99Ms: number
  non2xx: number
  /** Requests that got no answer: connection errors and timeouts (autocannon counts a timeout among its errors). */
  errors: number
  /** Those errors by kind (the error's code, or its message), when there were any. */
  errorKinds?: Record<string, number>
  /** Answered in the measured window. */
  requests: number
  /** The answering processes' CPU over the measured rounds, a request. */
  cpuMsPerRequest: number | null
  /** Each round's API CPU a request over its floor's (the API's runs only). */
  roundRatios?: (number | null)[]
}

/**
 * A processes' first seconds of a route run its code cold (V8 has not optimised it, postgres.js has not opened its
 * pool): measured from a fresh start, the same route served 2,099, 2,759 and 3,728 req/s in three 10 s runs in a
 * row. Production serves warm processes, so each route is warmed for {@link WARM_SECONDS} before it is measured.
 */
export const WARM_SECONDS = 10

/**
 * A route is measured in {@link ROUNDS} rounds of {@link ROUND_SECONDS}, the API's and the floor's in turn. This
 * machine's speed moves from one minute to the next (another tenant, the kernel's own work): measured one after the
 * other, a minute apart, the API and its floor met different machines, and the same build's ratio for a sky's page
 * read ×1.5 in one run and ×3.2 in another. Taken in turn, both meet the same ones.
 */
export const ROUNDS = 3
export const ROUND_SECONDS = 5

/** One side of a comparison: the processes that answer, and the request autocannon sends them. */
export type Side = { pids: () => (number | undefined)[]; request: autocannon.Options }

/**
 * Sends `request` to `side` for `seconds`, with the CPU its processes answer in that time and the kinds of the
 * requests that got no answer, so that a run's error says what it was.
 */
export async function measure(side: Side, seconds: number) {
  const cpuBefore = cpuSecondsOf(side.pids())
  const errorKinds: Record<string, number> = {}
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: seconds, ...side.request }, (error, done) =>
      error ? reject(error) : resolve(done),
    )
    instance.on('reqError', (error: NodeJS.ErrnoException) => {
      const kind = error.code ?? error.message
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1
    })
  })
  const cpuAfter = cpuSecondsOf(side.pids())
  return { result, errorKinds, cpuMs: (cpuAfter - cpuBefore) * 1000 }
}
type Measured = Awaited<ReturnType<typeof measure>>

/** Rounds of `seconds` in all as one run: their requests and CPU summed, the p99 the worst round's. */
export function runOf(route: string, rounds: Measured[], seconds: number): RouteRun {
  const requests = rounds.reduce((n, r) => n + r.result.requests.total, 0)
  const cpuMs = rounds.reduce((n, r) => n + r.cpuMs, 0)
  return {
    route,
    rps: Math.round(requests / seconds),
    p99Ms: Math.max(...rounds.map((r) => r.result.latency.p99)),
    non2xx: rounds.reduce((n, r) => n + r.result.non2xx, 0),
    // autocannon's `errors` has its `timeouts` among them: adding both counted each timeout twice.
    errors: rounds.reduce((n, r) => n + r.result.errors, 0),
    ...(rounds.some((r) => Object.keys(r.errorKinds).length) && { errorKinds: kindsOf(rounds) }),
    requests,
    cpuMsPerRequest: cpuMsPerRequest(0, cpuMs / 1000, requests),
  }
}

/** The rounds' errors by kind, summed. */
function kindsOf(rounds: Measured[]): Record<string, number> {
  const kinds: Record<string, number> = {}
  for (const round of rounds)
    for (const [kind, n] of Object.entries(round.errorKinds)) kinds[kind] = (kinds[kind] ?? 0) + n
  return kinds
}

const errorsOf = (run: RouteRun) =>
  `${run.errors}${
    run.errorKinds
      ? ` (${Object.entries(run.errorKinds)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(', ')})`
      : ''
  }`

const print = (run: RouteRun, who = '') =>
  process.stdout.write(
    `  ${run.route.padEnd(24)} ${who.padEnd(5)} ${String(run.rps).padStart(6)} req/s  p99 ${run.p99Ms} ms  non-2xx ${run.non2xx}  errors ${errorsOf(run)}  cpu ${run.cpuMsPerRequest?.toFixed(3)} ms/req\n`,
  )

/**
 * Warms `route` on the API and on its floor, then measures both in turn, round after round: each side's figures are
 * its rounds' together, and each round's ratio of CPU a request is kept beside the API's to show the spread.
 */
export async function compare(route: string, api: Side, floor: Side): Promise<{ api: RouteRun; floor: RouteRun }> {
  await autocannon({ connections: CONNECTIONS, duration: WARM_SECONDS, ...api.request })
  await autocannon({ connections: CONNECTIONS, duration: WARM_SECONDS, ...floor.request })
  const apiRounds: Measured[] = []
  const floorRounds: Measured[] = []
  for (let round = 0; round < ROUNDS; round++) {
    apiRounds.push(await measure(api, ROUND_SECONDS))
    floorRounds.push(await measure(floor, ROUND_SECONDS))
  }
  const perRequest = (r: Measured) => r.cpuMs / Math.max(1, r.result.requests.total)
  const roundRatios = apiRounds.map((r, i) => cpuRatio(perRequest(r), perRequest(floorRounds[i] as Measured)))
  const both = {
    api: { ...runOf(route, apiRounds, ROUNDS * ROUND_SECONDS), roundRatios },
    floor: runOf(route, floorRounds, ROUNDS * ROUND_SECONDS),
  }
  print(both.api, 'API')
  print(both.floor, 'floor')
  return both
}

/**
 * A p99 at a given rate: the route asked at `rate` requests a second in all, as an open loop over the same
 * {@link CONNECTIONS} connections (paced.ts), API and floor in turn, round after round (the route is warm: {@link compare}
 * ran it just before). At full speed a closed loop of CONNECTIONS connections keeps every one of them waiting, so its
 * mean answer takes CONNECTIONS / throughput (33 ms at 1,500 a second) and its p99 is the queue's, not the answer's; a
 * target of "so many a second at a p99 of so much" is the latency at that rate. Each side's figures are its rounds'
 * together, the p99 the worst round's; CPU a request as in {@link measure}.
 */
export async function atRate(route: string, rate: number, api: Side, floor: Side) {
  const round = async (side: Side) => {
    const cpuBefore = cpuSecondsOf(side.pids())
    const run = await paced(side.request, rate, ROUND_SECONDS, CONNECTIONS)
    return { run, cpuSeconds: cpuSecondsOf(side.pids()) - cpuBefore }
  }
  const apiRounds: Awaited<ReturnType<typeof round>>[] = []
  const floorRounds: Awaited<ReturnType<typeof round>>[] = []
  for (let r = 0; r < ROUNDS; r++) {
    apiRounds.push(await round(api))
    floorRounds.push(await round(floor))
  }
  const of = (rounds: typeof apiRounds): RouteRun => {
    const requests = rounds.reduce((n, r) => n + r.run.answered, 0)
    return {
      route: `${route}, at ${rate}/s`,
      rps: Math.round(requests / (ROUNDS * ROUND_SECONDS)),
      p99Ms: Math.max(...rounds.map((r) => r.run.p99Ms)),
      non2xx: rounds.reduce((n, r) => n + r.run.non2xx, 0),
      errors: rounds.reduce((n, r) => n + r.run.errors, 0),
      requests,
      cpuMsPerRequest: cpuMsPerRequest(
        0,
        rounds.reduce((n, r) => n + r.cpuSeconds, 0),
        requests,
      ),
    }
  }
  const both = { rate, api: of(apiRounds), floor: of(floorRounds) }
  print(both.api, 'API')
  print(both.floor, 'floor')
  return both
}

/** Warms `route` on one side alone, then measures it for {@link SECONDS}: the PGlite process, which has no floor. */
export async function load(route: string, side: Side): Promise<RouteRun> {
  await autocannon({ connections: CONNECTIONS, duration: WARM_SECONDS, ...side.request })
  const run = runOf(route, [await measure(side, SECONDS)], SECONDS)
  print(run)
  return run
}
