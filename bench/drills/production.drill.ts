// Drills on the production shape (docs/decisions/production.md), each a fault an operator will meet: an API process
// killed under load, the indexer's writer killed, the provider refusing every call for half a minute, a client past
// its rate limit meeting both API processes, and a crowd of new accounts at the relayer for a minute. Each leaves its
// figures for `npm run chaos` (bench/reports/chaos.json).
import { setTimeout as sleep } from 'node:timers/promises'
import { chainellationAbi, forwarderDomain, forwardRequestTypes } from '@chainellation/contracts'
import { writeChaosReport } from '@chainellation/scripts/chaos'
import { signal } from '@chainellation/scripts/processes'
import { type Rehearsal, startRehearsal } from '@chainellation/scripts/rehearsal'
import { signIn } from '@chainellation/server/testing/sign-in'
import { expect, type Page, test } from '@playwright/test'
import { type Address, createPublicClient, encodeFunctionData, formatEther, type Hash, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { READERS, runDraftLanes } from './draft-lanes'

test.describe.configure({ mode: 'serial' })

/** The sign-in nonces one client may fetch a minute in this rehearsal: low, so a drill can spend them. */
const NONCE_LIMIT = 10

let rehearsal: Rehearsal
/** The relayer's key in this rehearsal: an account funded at genesis, as an operator funds one. */
const relayerKey = generatePrivateKey()

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a hook's fixtures from this pattern.
test.beforeAll(async ({}, info) => {
  info.setTimeout(300_000)
  rehearsal = await startRehearsal({
    blockSeconds: 2,
    funded: [privateKeyToAccount(relayerKey).address],
    // Every request of the load drill comes from one address (the drill's): room for all of it, but the nonces.
    apiEnv: {
      NONCE_RATE_LIMIT: String(NONCE_LIMIT),
      SESSION_RATE_LIMIT: '1000000',
      DRAFT_WRITE_RATE_LIMIT: '1000000',
      ACCOUNT_DRAFT_WRITE_RATE_LIMIT: '1000000',
      SKY_READ_RATE_LIMIT: '1000000',
      // The game pays gas with production's limits; the crowd drill meets them.
      RELAYER_PRIVATE_KEY: relayerKey,
    },
    log: (source, line) => {
      if (source === 'rehearsal') process.stdout.write(`[rehearsal] ${line}\n`)
    },
  })
})

test.afterAll(async () => {
  await rehearsal?.stop()
})

test('a client past its rate limit is refused by both API processes', async () => {
  // Straight to each process, as the balancer would send it: TRUST_PROXY=1 takes the client from X-Forwarded-For.
  const client = { 'x-forwarded-for': '203.0.113.77' }
  const [first, second] = rehearsal.apis.map((api) => api.url) as [string, string]
  const statuses: number[] = []
  for (let i = 0; i < NONCE_LIMIT; i++) {
    statuses.push((await fetch(`${i % 2 ? second : first}/api/auth/nonce`, { headers: client })).status)
  }
  expect(statuses.every((s) => s === 200)).toBe(true)
  const refusedByFirst = await fetch(`${first}/api/auth/nonce`, { headers: client })
  const refusedBySecond = await fetch(`${second}/api/auth/nonce`, { headers: client })
  expect(refusedByFirst.status).toBe(429)
  expect(refusedBySecond.status).toBe(429)
  // Another client is not held back.
  expect((await fetch(`${second}/api/auth/nonce`, { headers: { 'x-forwarded-for': '203.0.113.78' } })).status).toBe(200)
  writeChaosReport('drill-rate-limits.json', {
    section: 'Rehearsal: a rate limit across two API processes',
    rows: [
      {
        measure: 'nonces allowed before the limit, across both processes',
        value: statuses.length,
        expected: NONCE_LIMIT,
      },
      { measure: 'the next one, refused by the first process (status)', value: refusedByFirst.status, expected: 429 },
      { measure: 'and by the second (status)', value: refusedBySecond.status, expected: 429 },
    ],
  })
})

test('an API process killed under load loses no acknowledged write, and the balancer routes around it', async () => {
  test.setTimeout(240_000)
  const base = rehearsal.url
  const origin = new URL(base).origin
  const accounts = Array.from({ length: 4 }, () => privateKeyToAccount(generatePrivateKey()))
  const cookies = await Promise.all(
    accounts.map(
      async (account) => (await signIn(base, { account, origin, fields: { chainId: rehearsal.chainId } })).cookie,
    ),
  )
  const killAfterMs = 20_000
  const { lanes, failures, reads, writes, lost } = await runDraftLanes({
    base,
    origin,
    chainId: rehearsal.chainId,
    cookies,
    forMs: 60_000,
    meanwhile: async () => {
      await sleep(killAfterMs)
      const pid = rehearsal.apis[0]?.pid()
      if (pid) signal(-pid, 'SIGKILL')
    },
  })
  const killAt = killAfterMs
  const afterKill = failures.filter((f) => f.at >= killAt)
  const window = afterKill.length ? (afterKill.at(-1)?.at ?? 0) - (afterKill[0]?.at ?? 0) : 0
  const restarted = rehearsal.apis[0]?.restarts() ?? 0
  writeChaosReport('drill-api-kill.json', {
    section: 'Rehearsal: an API process SIGKILLed during 60 s of reads and draft writes',
    rows: [
      { measure: 'reads made', value: reads },
      { measure: 'draft writes made', value: writes },
      { measure: 'acknowledged writes lost', value: lost.length, expected: 0 },
      {
        measure: 'failed requests before the kill',
        value: failures.filter((f) => f.at < killAt).length,
        expected: 0,
      },
      { measure: 'failed requests after it (in flight on the killed process)', value: afterKill.length },
      { measure: 'first to last failure after the kill, ms', value: window },
      { measure: 'routed around within 2 s', value: window <= 2000 ? 'yes' : 'no', expected: 'yes' },
      {
        measure: 'the killed process restarted by its supervisor',
        value: restarted > 0 ? 'yes' : 'no',
        expected: 'yes',
      },
    ],
  })
  expect(lost, lost.join('\n')).toEqual([])
  expect(failures.filter((f) => f.at < killAt)).toEqual([])
  expect(window, JSON.stringify(afterKill)).toBeLessThanOrEqual(2000)
  // Failures are only for requests in flight on the killed process: at most one per lane and reader.
  expect(afterKill.length).toBeLessThanOrEqual(lanes.length + READERS)
})

/** The gallery's note of an index behind the chain, on `page`. */
const lagNote = (page: Page) => page.getByRole('status').filter({ hasText: 'behind the chain' })

test('with the indexer’s writer killed, the reader keeps answering and the gallery says how far behind it is', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const sync = async () =>
    (await (await fetch(`${rehearsal.reader.url}/sync`)).json()) as { indexedBlock: number; behind: number }
  await page.goto(`${rehearsal.url}/stargaze?view=everyone`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const before = await sync()
  const restartsBefore = rehearsal.writer.restarts()
  const pid = rehearsal.writer.pid()
  const killedAt = Date.now()
  if (pid) signal(-pid, 'SIGKILL')

  // The reader answers throughout, with the block it last had.
  let answered = 0
  let asked = 0
  await expect
    .poll(
      async () => {
        asked++
        const s = await sync().catch(() => undefined)
        if (s) answered++
        return s?.behind ?? 0
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBeGreaterThan(3)
  await page.reload()
  await expect(lagNote(page)).toBeVisible({ timeout: 30_000 })
  const noted = Date.now() - killedAt
  // The supervisor restarts the writer; it waits out its crashed run's lock (docs/decisions/indexer.md) and catches up.
  await expect.poll(async () => (await sync()).behind, { timeout: 120_000, intervals: [1000] }).toBeLessThanOrEqual(3)
  const caughtUp = Date.now() - killedAt
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(lagNote(page)).toBeHidden({ timeout: 30_000 })
  const after = await sync()
  writeChaosReport('drill-writer-kill.json', {
    section: 'Rehearsal: the indexer’s writer SIGKILLed',
    rows: [
      {
        measure: 'reader answers while the writer was down',
        value: `${answered}/${asked}`,
        expected: `${asked}/${asked}`,
      },
      { measure: 'the gallery said it was behind, after ms', value: noted },
      { measure: 'caught up again (≤ 3 blocks behind), after ms', value: caughtUp },
      {
        measure: 'writer restarted by its supervisor',
        value: rehearsal.writer.restarts() > restartsBefore ? 'yes' : 'no',
        expected: 'yes',
      },
      { measure: 'indexed blocks gained', value: after.indexedBlock - before.indexedBlock },
    ],
  })
  expect(answered).toBe(asked)
})

test('with the provider refusing every call for 30 s, the app says the chain is busy, nothing crashes, and all recover', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${rehearsal.url}/mint`)
  await expect(page.getByTestId('supply')).toHaveText(/^[\d,]+ \/ 15,000$/)
  const restartsBefore = [rehearsal.writer, rehearsal.reader, ...rehearsal.apis].map((s) => s.restarts())
  const throttledBefore = rehearsal.provider.stats().throttled
  rehearsal.provider.throttle(30_000)
  const start = Date.now()
  await page.reload()
  // The page tells a provider's "slow down" apart from a chain that does not answer.
  const said = page.getByText(/^The chain is busy/).first()
  await expect(said).toBeVisible({ timeout: 20_000 })
  const saidAfter = Date.now() - start
  await sleep(Math.max(0, 30_000 - (Date.now() - start)))
  // The page asks again by itself every few seconds, and shows the supply once the provider answers.
  await expect(page.getByTestId('supply')).toHaveText(/^[\d,]+ \/ 15,000$/, { timeout: 30_000 })
  const recovered = Date.now() - start
  const sync = async () => (await (await fetch(`${rehearsal.reader.url}/sync`)).json()) as { behind: number }
  await expect.poll(async () => (await sync()).behind, { timeout: 90_000, intervals: [1000] }).toBeLessThanOrEqual(3)
  const caughtUp = Date.now() - start
  const restartsAfter = [rehearsal.writer, rehearsal.reader, ...rehearsal.apis].map((s) => s.restarts())
  writeChaosReport('drill-provider-429.json', {
    section: 'Rehearsal: the provider answering 429 to every call for 30 s',
    rows: [
      { measure: 'calls refused with 429', value: rehearsal.provider.stats().throttled - throttledBefore },
      { measure: 'the page said the chain is busy, after ms', value: saidAfter },
      { measure: 'the page showed the chain’s answer again, after ms', value: recovered },
      { measure: 'the index caught up, after ms', value: caughtUp },
      { measure: 'errors thrown in the page', value: errors.length, expected: 0 },
      {
        measure: 'processes that crashed',
        value: restartsAfter.reduce((n, r, i) => n + r - (restartsBefore[i] ?? 0), 0),
        expected: 0,
      },
    ],
  })
  expect(errors).toEqual([])
  expect(restartsAfter).toEqual(restartsBefore)
})

/** The sum of `metric`'s series with `labels` in Prometheus's text, across the API processes' metrics listeners. */
async function metricSum(metric: string, labels: string) {
  let sum = 0
  for (const api of rehearsal.apis) {
    const text = await (await fetch(api.metricsUrl)).text()
    const line = text.split('\n').find((l) => l.startsWith(`${metric}{${labels}}`))
    sum += Number(line?.split(' ').pop() ?? 0)
  }
  return sum
}

test('a crowd of new accounts at the relayer for a minute is sponsored no more than a minute’s new players', async () => {
  test.setTimeout(180_000)
  // As a script would: three new keys every tenth of a second for a minute, each request from a /24 of its own, sent
  // straight to the API processes in turn (TRUST_PROXY=1 reads the client from X-Forwarded-For, as behind nginx; the
  // addresses are only named in that header, nothing is sent to them).
  const chain = createPublicClient({ transport: http(rehearsal.chainRpcUrl) })
  const { Forwarder: forwarder, Chainellation: chainellation } = rehearsal.deployment.contracts as Record<
    string,
    Address
  >
  if (!forwarder || !chainellation) throw new Error('the rehearsal deployed no forwarder')
  const relayer = privateKeyToAccount(relayerKey).address
  const origin = new URL(rehearsal.url).origin
  const newPlayersPerMinute = 10 // the default, which the rehearsal keeps
  const CROWD_PER_TICK = 3
  const TICK_MS = 100
  const [nonceBefore, balanceBefore, refusedBefore] = await Promise.all([
    chain.getTransactionCount({ address: relayer }),
    chain.getBalance({ address: relayer }),
    metricSum('chainellation_relay_refusals_total', 'reason="new-players"'),
  ])
  const data = encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] })
  const statuses = new Map<number, number>()
  const hashes: Hash[] = []
  /** When each relayed request was sent and answered: the relayer took it on in between. */
  const relayedAt: { sent: number; answered: number }[] = []
  let sent = 0
  const deadline = Number((await chain.getBlock()).timestamp) + 600
  /** The `n`th of the crowd's requests: a new key's mint, from a network of its own. */
  const request = async (n: number) => {
    const player = privateKeyToAccount(generatePrivateKey())
    const fields = { from: player.address, to: chainellation, value: 0n, gas: 200_000n, deadline, data }
    const signature = await player.signTypedData({
      domain: forwarderDomain(rehearsal.chainId, forwarder),
      types: forwardRequestTypes,
      primaryType: 'ForwardRequest',
      message: { ...fields, nonce: 0n },
    })
    const sentAt = Date.now()
    const res = await fetch(`${rehearsal.apis[n % 2]?.url}/api/relay`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        'x-forwarded-for': `${100 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}.7`,
      },
      body: JSON.stringify({ ...fields, value: '0', gas: '200000', signature }),
    })
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
    const body = (await res.json()) as { hash?: Hash }
    if (res.status === 202 && body.hash) {
      hashes.push(body.hash)
      relayedAt.push({ sent: sentAt, answered: Date.now() })
    }
  }
  // Sent at the crowd's pace whatever the answers' (a script does not wait for them), for one minute.
  const requests: Promise<void>[] = []
  const started = Date.now()
  while (Date.now() - started < 60_000) {
    for (let k = 0; k < CROWD_PER_TICK; k++) requests.push(request(sent++))
    await sleep(TICK_MS)
  }
  const crowdSeconds = (Date.now() - started) / 1000
  await Promise.all(requests)
  const receipts = await Promise.all(hashes.map((hash) => chain.waitForTransactionReceipt({ hash, timeout: 60_000 })))
  const reverted = receipts.filter((r) => r.status !== 'success').length
  const spentWei = balanceBefore - (await chain.getBalance({ address: relayer }))
  const transactions = (await chain.getTransactionCount({ address: relayer })) - nonceBefore
  const refused = (await metricSum('chainellation_relay_refusals_total', 'reason="new-players"')) - refusedBefore
  const relayed = statuses.get(202) ?? 0
  // No more than the limit in any 60 s: of any limit + 1 relayed, the first was sent over a minute before the last was
  // answered. (A crowd that lasts a minute and a moment may meet a place freed a minute after the first was taken.)
  relayedAt.sort((a, b) => a.sent - b.sent)
  const crowdedMinutes = relayedAt.filter((first, k) => {
    const next = relayedAt.slice(k, k + newPlayersPerMinute + 1)
    return next.length > newPlayersPerMinute && Math.max(...next.map((r) => r.answered)) - first.sent <= 60_000
  }).length
  expect(crowdedMinutes).toBe(0)
  expect(relayed).toBeGreaterThanOrEqual(newPlayersPerMinute)
  expect({ transactions, reverted }).toEqual({ transactions: relayed, reverted: 0 })
  expect(statuses.get(429), JSON.stringify([...statuses])).toBe(sent - relayed)
  expect(refused).toBe(sent - relayed)
  writeChaosReport('drill-relay-crowd.json', {
    section: 'Rehearsal: a crowd of new accounts at the relayer for a minute',
    rows: [
      { measure: 'requests from new accounts, each from its own /24', value: sent },
      { measure: 'for (s)', value: Number(crowdSeconds.toFixed(1)) },
      { measure: 'relayed (202)', value: relayed },
      {
        measure: `times more than ${newPlayersPerMinute} were relayed within 60 s`,
        value: crowdedMinutes,
        expected: 0,
      },
      { measure: 'refused as past the new players of a minute (429)', value: statuses.get(429) ?? 0 },
      { measure: 'answered otherwise', value: sent - relayed - (statuses.get(429) ?? 0), expected: 0 },
      { measure: 'the relayer’s transactions', value: transactions, expected: relayed },
      { measure: 'of them reverted', value: reverted, expected: 0 },
      { measure: 'refusals counted by /metrics as new-players', value: refused, expected: sent - relayed },
      { measure: 'what the minute cost the relayer (ETH)', value: formatEther(spentWei) },
    ],
  })
})
