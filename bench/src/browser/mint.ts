import type { Stack } from '@chainellation/scripts/stack'
import type { Browser, Page } from '@playwright/test'
import { writeReport } from '../reports'
import { type FirstSkyFigures, measureFirstSky, TARGET_FIRST_SKY_PROMPTS } from './first-sky'
import {
  describeMachine,
  KEEP_NAMES_SHIM,
  type Machine,
  machineOf,
  rpcMethods,
  type Stats,
  stats,
  withStackAndBrowser,
} from './support'

/**
 * The /mint page on the real stack (production build, served by the API), in headless Chromium without a wallet:
 * how long the preview takes to follow a control, and how many JSON-RPC requests changing the controls costs; then
 * with a new injected wallet, how many wallet prompts stand between landing on /mint and a minted sky, the ether it
 * takes, and how long the mint takes with the game paying its gas and with the wallet paying it.
 */

const TARGET_MEDIAN_MS = 4
const TARGET_RPC_REQUESTS = 0
const VIEWPORT = { width: 1280, height: 800 }
const ROUNDS = 25
const WARMUP_ROUNDS = 2
const RPC_ROUNDS = 10
const CLOUDS = ['Clear', 'Wisps', 'Cloudy', 'Overcast'] as const

/** One control change, done in the page the way the browser would deliver it. */
type Step =
  | { control: string; type: 'range'; label: string; value: number }
  | { control: string; type: 'select'; label: string; value: string }
  | { control: string; type: 'click'; label: string }

type Sample = { control: string; ms: number; changed: boolean }

export type MintBenchReport = {
  machine: Machine
  viewport: typeof VIEWPORT
  cpuThrottling: 'none'
  preview: Stats & {
    warmup: number
    /** Changes after which the preview's src was the same as before: each should have changed it. */
    unchanged: number
    targetMedianMs: number
    byControl: Record<string, Stats>
  }
  rpc: {
    /** Control changes made through Playwright's actions. */
    actions: number
    requests: number
    /** Requests' JSON-RPC calls by method. */
    methods: Record<string, number>
    /** Requests of the initial supply/price read, before the changes: proof the counter sees the RPC at all. */
    initialRequests: number
    target: number
  }
  /** A wallet new to the game, from landing on /mint to its minted sky. */
  firstSky: FirstSkyFigures
}

async function chooseEveryTrait(page: Page) {
  await page.getByRole('slider', { name: 'Zenith hue' }).fill('10')
  await page.getByRole('slider', { name: 'Horizon hue' }).fill('300')
  await page.getByLabel('Constellation', { exact: true }).selectOption({ index: 1 })
  await page.getByRole('radio', { name: 'Cloudy' }).check()
  await page.getByRole('radio', { name: 'Night' }).check()
  if (!(await page.getByRole('switch', { name: 'Fully revealed' }).isChecked())) {
    throw new Error('choosing a constellation no longer reveals it whole')
  }
}

/**
 * Rounds of changes to every control that draws: each differs from the value before it, and the constellation
 * changes only while it is fully revealed and by night, where it shows.
 */
function previewSteps(rounds: number, constellations: string[]): Step[] {
  const steps: Step[] = []
  for (let k = 1; k <= rounds; k++) {
    steps.push(
      { control: 'Zenith hue', type: 'range', label: 'Zenith hue', value: (10 + 37 * k) % 360 },
      { control: 'Horizon hue', type: 'range', label: 'Horizon hue', value: (300 + 53 * k) % 360 },
      {
        control: 'Constellation',
        type: 'select',
        label: 'Constellation',
        value: constellations[k % constellations.length] ?? '',
      },
      { control: 'Clouds', type: 'click', label: CLOUDS[(2 + k) % CLOUDS.length] ?? 'Clear' },
      { control: 'Fully revealed', type: 'click', label: 'Fully revealed' },
      { control: 'Fully revealed', type: 'click', label: 'Fully revealed' },
      { control: 'Night / Day', type: 'click', label: 'Day' },
      { control: 'Night / Day', type: 'click', label: 'Night' },
    )
  }
  return steps
}

/** Runs the steps in the page, timing each event's dispatch (React flushes a controlled input's update within it). */
function runInPage(steps: Step[]): Promise<Sample[]> {
  const inputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  const selectValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set
  const preview = () => document.querySelector('img[alt^="Preview of night sky #"]')?.getAttribute('src')
  const labelled = (text: string) => {
    const label = Array.from(document.querySelectorAll('label')).find((l) => l.textContent?.trim() === text)
    const control = label?.htmlFor ? document.getElementById(label.htmlFor) : label?.querySelector('input')
    if (!control) throw new Error(`no control labelled ${text}`)
    return control
  }
  // A person's changes arrive one at a time: let the page paint between them.
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  return (async () => {
    const samples: Sample[] = []
    for (const step of steps) {
      await nextFrame()
      const before = preview()
      let started = 0
      let ended = 0
      if (step.type === 'range') {
        const input = document.querySelector(`input[type=range][aria-label="${step.label}"]`)
        if (!input) throw new Error(`no slider labelled ${step.label}`)
        // The prototype's setter, not the element's own: React tracks the value through the latter.
        inputValue?.call(input, String(step.value))
        started = performance.now()
        input.dispatchEvent(new Event('input', { bubbles: true }))
        ended = performance.now()
      } else if (step.type === 'select') {
        const select = labelled(step.label)
        selectValue?.call(select, step.value)
        started = performance.now()
        select.dispatchEvent(new Event('change', { bubbles: true }))
        ended = performance.now()
      } else {
        const input = labelled(step.label)
        started = performance.now()
        input.click()
        ended = performance.now()
      }
      samples.push({ control: step.control, ms: ended - started, changed: preview() !== before })
    }
    return samples
  })()
}

async function measurePreview(browser: Browser, stack: Stack) {
  const page = await browser.newPage({ viewport: VIEWPORT, baseURL: stack.webUrl })
  await page.addInitScript(KEEP_NAMES_SHIM)
  await page.goto('/mint')
  await page.getByTestId('supply').waitFor()
  await chooseEveryTrait(page)
  const constellations = await page
    .getByLabel('Constellation', { exact: true })
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''))
  const warmup = previewSteps(WARMUP_ROUNDS, constellations).length
  const samples = (await page.evaluate(runInPage, previewSteps(WARMUP_ROUNDS + ROUNDS, constellations))).slice(warmup)
  await page.close()
  const byControl: Record<string, Stats> = {}
  for (const control of new Set(samples.map((s) => s.control))) {
    byControl[control] = stats(samples.filter((s) => s.control === control).map((s) => s.ms))
  }
  return {
    ...stats(samples.map((s) => s.ms)),
    warmup,
    unchanged: samples.filter((s) => !s.changed).length,
    targetMedianMs: TARGET_MEDIAN_MS,
    byControl,
  }
}

async function countRpc(browser: Browser, stack: Stack) {
  const page = await browser.newPage({ viewport: VIEWPORT, baseURL: stack.webUrl })
  const methods: string[] = []
  let requests = 0
  page.on('request', (request) => {
    if (!request.url().startsWith(stack.rpcUrl)) return
    requests++
    methods.push(...rpcMethods(request.postData()))
  })
  await page.goto('/mint')
  await page.getByTestId('supply').waitFor()
  await page.getByRole('button', { name: 'Connect wallet to mint' }).waitFor()
  await page.waitForLoadState('networkidle')
  const initialRequests = requests
  if (initialRequests === 0) throw new Error(`no request to ${stack.rpcUrl} seen for the supply and price`)
  const initialMethods = methods.length
  requests = 0

  // The list of zones is built when a person reaches for it, as a focus does.
  await page.getByLabel('Time zone', { exact: true }).focus()
  const zones = await page
    .getByLabel('Time zone', { exact: true })
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
  const constellations = await page
    .getByLabel('Constellation', { exact: true })
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
  const skyChooses = (hue: string) =>
    page.getByRole('group', { name: hue }).getByRole('checkbox', { name: 'Let the sky choose' })
  const levels = ['Sky’s choice', ...CLOUDS]
  let actions = 0
  const act = async (action: Promise<unknown>) => {
    await action
    actions++
  }
  for (let i = 0; i < RPC_ROUNDS; i++) {
    const zone = await page.getByLabel('Time zone', { exact: true }).inputValue()
    await act(page.getByRole('slider', { name: 'Zenith hue' }).fill(String((20 + 37 * i) % 360)))
    await act(skyChooses('Zenith hue').click())
    await act(page.getByRole('slider', { name: 'Horizon hue' }).fill(String((200 + 53 * i) % 360)))
    await act(skyChooses('Horizon hue').click())
    await act(
      page
        .getByLabel('Constellation', { exact: true })
        .selectOption(constellations[(i + 1) % constellations.length] ?? ''),
    )
    await act(page.getByRole('radio', { name: levels[(i + 1) % levels.length] }).check())
    await act(
      page
        .getByLabel('Time zone', { exact: true })
        .selectOption(zones.filter((z) => z !== zone)[(7 * i) % (zones.length - 1)] ?? ''),
    )
    await act(page.getByRole('radio', { name: i % 2 ? 'Night' : 'Day' }).check())
    await act(page.getByRole('switch', { name: 'Fully revealed' }).click())
  }
  // Whatever the changes set off (a refetch, a debounced read) has had time to leave.
  await page.waitForTimeout(1000)
  await page.waitForLoadState('networkidle')
  await page.close()
  const byMethod: Record<string, number> = {}
  for (const method of methods.slice(initialMethods)) byMethod[method] = (byMethod[method] ?? 0) + 1
  return { actions, requests, methods: byMethod, initialRequests, target: TARGET_RPC_REQUESTS }
}

const firstSkyTime = (s: Stats) => `${Math.round(s.medianMs)} ms [${Math.round(s.minMs)}–${Math.round(s.maxMs)}]`

function printReport(r: MintBenchReport) {
  const ms = (n: number) => `${n.toFixed(2)} ms`.padStart(9)
  const width = Math.max(...Object.keys(r.preview.byControl).map((c) => c.length), 'all changes'.length)
  const row = (name: string, s: Stats) =>
    [name.padEnd(width), String(s.samples).padStart(7), ms(s.medianMs), ms(s.p95Ms), ms(s.minMs), ms(s.maxMs)].join(
      '  ',
    )
  const { preview, rpc, machine } = r
  const calls = Object.entries(rpc.methods).map(([method, count]) => `${count} × ${method}`)
  const methods = calls.length ? ` (${calls.join(', ')})` : ''
  const lines = [
    `mint page, headless Chromium ${machine.chromium}, ${r.viewport.width}×${r.viewport.height}, no throttling`,
    describeMachine(machine),
    '',
    `${'preview after'.padEnd(width)}  samples     median        p95        min        max`,
    ...Object.entries(preview.byControl).map(([control, s]) => row(control, s)),
    `${row('all changes', preview)}   target median ≤ ${preview.targetMedianMs} ms`,
    `preview unchanged after ${preview.unchanged} of ${preview.samples} changes (${preview.warmup} warm-up changes not counted)`,
    '',
    `JSON-RPC requests while changing every control ${RPC_ROUNDS} times (${rpc.actions} actions): ${rpc.requests}${methods}   target ${rpc.target}`,
    `(the initial supply and price read took ${rpc.initialRequests})`,
    '',
    `wallet prompts from landing on /mint with a new wallet to a minted sky: ${r.firstSky.prompts} ` +
      `(${r.firstSky.methods.join(', ')})   target ≤ ${r.firstSky.target}`,
    `ether a wallet holding none spent on its first sky, the game paying the gas: ${r.firstSky.etherNeeded}   target 0`,
    `press on Mint to the minted sky shown (${r.firstSky.pressToSkyMs.sponsored.samples} each, median [min–max]): ` +
      `the game paying ${firstSkyTime(r.firstSky.pressToSkyMs.sponsored)}, ` +
      `the wallet paying ${firstSkyTime(r.firstSky.pressToSkyMs.unsponsored)}`,
    ...(r.firstSky.floorMs
      ? [
          `  their floor, the same mints with no page around them: the game paying ${firstSkyTime(r.firstSky.floorMs.sponsored)}, ` +
            `the wallet paying ${firstSkyTime(r.firstSky.floorMs.unsponsored)}`,
        ]
      : []),
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}

await withStackAndBrowser(async (stack, browser) => {
  const report: MintBenchReport = {
    // Taken first, as the preview measurement begins.
    machine: machineOf(browser),
    viewport: VIEWPORT,
    cpuThrottling: 'none',
    preview: await measurePreview(browser, stack),
    rpc: await countRpc(browser, stack),
    firstSky: await measureFirstSky(browser, stack),
  }
  writeReport('mint', report)
  process.stdout.write('\n')
  printReport(report)
  const missed = [
    report.preview.unchanged > 0 && `${report.preview.unchanged} changes left the preview as it was`,
    report.preview.medianMs > TARGET_MEDIAN_MS && `median preview time over ${TARGET_MEDIAN_MS} ms`,
    report.rpc.requests > TARGET_RPC_REQUESTS && `${report.rpc.requests} RPC requests, target ${TARGET_RPC_REQUESTS}`,
    report.firstSky.prompts > TARGET_FIRST_SKY_PROMPTS &&
      `${report.firstSky.prompts} wallet prompts to a first sky, target ${TARGET_FIRST_SKY_PROMPTS}`,
    report.firstSky.etherNeeded > 0 &&
      `a first sky took ${report.firstSky.etherNeeded} ether the game should have paid`,
  ].filter(Boolean)
  if (missed.length) {
    process.stderr.write(`missed: ${missed.join('; ')}\n`)
    process.exitCode = 1
  }
})
