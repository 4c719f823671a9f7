// Traces a press on connect at 4× CPU as `npm run frontend` makes it (as soon as the button is usable, or at
// TRACE_SETTLE_MS after navigation), with Chromium's tracing and V8's sampling profiler, and prints what the page's main
// thread did from navigation to RainbowKit's modal: its marks, its long tasks, the trace events' own time, and the
// script time by chunk and by function (by source file too, given a build's source maps in TRACE_MAPS).
//   node --import tsx src/frontend/hold-stack.ts            # prints the origin of a production stack it holds
//   node --import tsx src/frontend/trace-press.ts <origin> [runs]
// TRACE_RATE (4) sets the CPU slowdown; each run's trace is kept in /tmp/trace-press-<run>.json for Chromium's viewer.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { CHROMIUM_FLAGS, chromiumPath } from '@chainellation/scripts/chromium'
import { type CDPSession, chromium } from '@playwright/test'
import { PRESS_MARKS, pressConnect, readBench } from './page-figures'

const [origin = '', runsArg = '1'] = process.argv.slice(2)
const RUNS = Number(runsArg)
const RATE = Number(process.env.TRACE_RATE) || 4
const SETTLE_MS = process.env.TRACE_SETTLE_MS ? Number(process.env.TRACE_SETTLE_MS) : undefined
/** A build's assets with the source maps of the same chunks (`vite build --sourcemap` with the stack's settings). */
const MAPS = process.env.TRACE_MAPS
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'toplevel',
  'loading',
]

type CallFrame = { url?: string; functionName?: string; lineNumber: number; columnNumber: number }
type ProfileData = {
  startTime?: number
  timeDeltas?: number[]
  cpuProfile?: { nodes?: { id: number; callFrame: CallFrame }[]; samples?: number[] }
  url?: string
  functionName?: string
  type?: string
  name?: string
}
type TraceEvent = {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** The thread's own time in the event. */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: ProfileData }
}
type Marks = { press: number; modal: number; usable: number }
type Sample = { at: number; weight: number; frame: CallFrame }

const ms = (us: number) => Math.round(us / 1000)
const top = (map: Map<string, number>, n: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, us]) => `    ${String(ms(us)).padStart(5)} ms  ${key}`)
const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us)
const shortUrl = (url = '') => url.replace(/^.*\/assets\//, '')

const consumers = new Map<string, { originalPositionFor: (at: object) => { source?: string; name?: string } } | null>()
/** The source file (and with TRACE_BY_NAME, the name) a chunk's position comes from, by the build's source maps. */
function original({ url, lineNumber, columnNumber }: CallFrame): string | undefined {
  const file = shortUrl(url)
  if (!MAPS || !file.endsWith('.js')) return undefined
  if (!consumers.has(file)) {
    const path = `${MAPS}/${file}.map`
    const { SourceMapConsumer } = createRequire(import.meta.url)('source-map-js')
    consumers.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null)
  }
  const at = consumers.get(file)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber })
  if (!at?.source) return undefined
  const source = at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+(work\/main\/)?/, '')
  return process.env.TRACE_BY_NAME ? `${source} ${at.name ?? ''}` : source
}

/** The sampling profiler's samples of process `pid`: when each was taken, the time it stands for, its function. */
function samplesOf(events: TraceEvent[], pid: number): Sample[] {
  const frames = new Map<number, CallFrame>()
  const samples: Sample[] = []
  let at = events.find((e) => e.pid === pid && e.name === 'Profile')?.args?.data?.startTime ?? 0
  for (const chunk of events.filter((e) => e.pid === pid && e.name === 'ProfileChunk')) {
    const data = chunk.args?.data ?? {}
    for (const node of data.cpuProfile?.nodes ?? []) frames.set(node.id, node.callFrame)
    const ids = data.cpuProfile?.samples ?? []
    const deltas = data.timeDeltas ?? []
    for (let i = 0; i < ids.length; i++) {
      at += deltas[i] ?? 0
      const frame = frames.get(ids[i] ?? -1)
      if (frame) samples.push({ at, weight: deltas[i + 1] ?? 0, frame })
    }
  }
  return samples
}

/** The main thread's tasks of 15 ms and more, with what they held, and its busy time in all. */
function taskLines(main: TraceEvent[], t0: number, press: number, modal: number): string[] {
  const tasks = main
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask' || (e.name === 'RunTask' && e.cat.includes('toplevel')))
    .filter((e) => e.ts + (e.dur ?? 0) > t0 && e.ts < modal)
    .sort((a, b) => a.ts - b.ts)
  const lines: string[] = []
  let busy = 0
  let afterPress = 0
  const inner = new Set(['EvaluateScript', 'v8.evaluateModule', 'v8.compileModule', 'FunctionCall', 'EventDispatch'])
  for (const name of ['TimerFire', 'FireAnimationFrame', 'UpdateLayoutTree', 'Layout', 'Paint', 'RunMicrotasks'])
    inner.add(name)
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0)
    busy += task.dur ?? 0
    if (task.ts >= press) afterPress += task.dur ?? 0
    if ((task.dur ?? 0) < 15_000) continue
    const what = main
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && inner.has(e.name))
      .filter((e) => (e.dur ?? 0) >= 3000)
      .slice(0, 6)
      .map((e) => {
        const d = e.args?.data ?? {}
        const label = shortUrl(String(d.url || d.functionName || d.type || ''))
        return `${e.name}${label ? `(${label})` : ''} ${ms(e.dur ?? 0)}`
      })
    lines.push(`  task at ${ms(task.ts - t0)} ms: ${ms(task.dur ?? 0)} ms  ${what.join(', ')}`)
  }
  lines.push(`  main thread busy ${ms(busy)} ms to the modal, ${ms(afterPress)} ms of it from the press on`)
  return lines
}

/** Each trace event's own time (less its children's) on the main thread: style, layout, paint, compile… */
function ownTimes(main: TraceEvent[], from: number, to: number): Map<string, number> {
  const own = new Map<string, number>()
  const open: TraceEvent[] = []
  const events = main
    .filter((e) => e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  for (const e of events) {
    while (open.length && (open.at(-1)?.ts ?? 0) + (open.at(-1)?.dur ?? 0) <= e.ts) open.pop()
    const parent = open.at(-1)
    if (parent) add(own, parent.name, -(e.dur ?? 0))
    add(own, e.name, e.dur ?? 0)
    open.push(e)
  }
  return own
}

const allBySource = new Map<string, number>()

function analyse(events: TraceEvent[], m: Marks, file: string): string {
  const user = (name: string) => events.find((e) => e.name === name && e.cat.includes('blink.user_timing'))
  const pressMark = user(PRESS_MARKS.press)
  const modalMark = user(PRESS_MARKS.modal)
  if (!pressMark || !modalMark) return `${file}: the press or the modal was not marked`
  const { pid } = modalMark
  const mainTid = events.find(
    (e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  )?.tid
  // The page's clock: the modal's mark less its performance.now().
  const t0 = modalMark.ts - m.modal * 1000
  const main = events.filter((e) => e.pid === pid && e.tid === mainTid && e.ph === 'X')
  const marks = events
    .filter((e) => e.pid === pid && e.cat.includes('blink.user_timing') && e.ph !== 'X' && e.ts >= t0)
    .sort((a, b) => a.ts - b.ts)
    .map((e) => `${e.name} ${ms(e.ts - t0)}`)
  const byScript = new Map<string, number>()
  const byFunction = new Map<string, number>()
  const bySource = new Map<string, number>()
  for (const { at, weight, frame } of samplesOf(events, pid)) {
    if (at < t0 || at > modalMark.ts) continue
    const script = shortUrl(frame.url) || `(${frame.functionName})`
    add(byScript, script, weight)
    add(byFunction, `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber}`, weight)
    const source = original(frame) ?? script
    add(bySource, source, weight)
    add(allBySource, source, weight)
  }
  return [
    `== ${file}: usable ${Math.round(m.usable)} ms, press ${Math.round(m.press)}, modal ${Math.round(m.modal)} ` +
      `(${Math.round(m.modal - m.press)} after the press)`,
    `  marks: ${marks.join(', ')}`,
    ...taskLines(main, t0, pressMark.ts, modalMark.ts),
    '  own time by trace event, navigation to modal:',
    ...top(ownTimes(main, t0, modalMark.ts), 18),
    '  self time by script, navigation to modal:',
    ...top(byScript, 25),
    '  self time by function:',
    ...top(byFunction, 30),
    ...(MAPS ? ['  self time by source (TRACE_MAPS):', ...top(bySource, 45)] : []),
  ].join('\n')
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
for (let run = 1; run <= RUNS; run++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const events: TraceEvent[] = []
  let cdp: CDPSession | undefined
  let done = Promise.resolve()
  // The press as the bench makes it (page-figures.ts), traced from before the navigation.
  const page = await pressConnect(context, origin, {
    rate: RATE,
    settleMs: SETTLE_MS,
    beforeNavigation: async (_page, session) => {
      cdp = session
      session.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
      done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()))
      await session.send('Tracing.start', {
        traceConfig: { includedCategories: CATEGORIES },
        transferMode: 'ReportEvents',
      })
    },
  })
  await page.waitForTimeout(300)
  const bench = await readBench(page)
  const marks: Marks = { press: bench.pressMs ?? 0, modal: bench.modalMs ?? 0, usable: bench.connectVisibleMs ?? 0 }
  if (!cdp) throw new Error('no trace was started')
  await cdp.send('Tracing.end')
  await done
  await context.close()
  const file = `/tmp/trace-press-${run}.json`
  writeFileSync(file, JSON.stringify({ traceEvents: events }))
  process.stdout.write(`${analyse(events, marks, file)}\n`)
}
await browser.close()
if (MAPS && RUNS > 1) {
  const mean = new Map([...allBySource].map(([source, us]) => [source, us / RUNS]))
  process.stdout.write(`== self time by source, mean of the ${RUNS} runs:\n${top(mean, 60).join('\n')}\n`)
}
