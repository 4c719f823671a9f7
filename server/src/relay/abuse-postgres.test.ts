// The relayer tried as an attacker tries it, through the public route of two API processes on one Postgres cluster
// (each with its own connections, as two processes have) and one chain: the same request at once in many spellings,
// many requests at one nonce, padded calldata, too little gas, and a crowd of new accounts from many networks. Each
// case is counted by what reaches the chain: the relayer's transactions, and that none of them reverted.
import { chainellationAbi } from '@chainellation/contracts'
import { anvilAccount } from '@chainellation/contracts/safe'
import { eq } from 'drizzle-orm'
import { register } from 'prom-client'
import { type Address, concat, encodeFunctionData, type Hash, type Hex, parseSignature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTwoProcessDatabases } from '../../test/postgres'
import { clearRelayTables, postRelay, type RelayAppOptions, type SignOptions, useRelayChain } from '../../test/relay'
import { rpcProxy } from '../../test/rpc-proxy'
import type { createApp } from '../app'
import type { Database } from '../db'
import { relayTransactions } from '../db/schema'
import { spent } from './budgets'
import type { Relayer } from './relayer'

const databases = useTwoProcessDatabases()
const chain = useRelayChain()
/** An account of this file's own, so that its nonces are counted here alone. */
const relayerAccount = anvilAccount(7)
/** The API's clock, fixed, so that a crowd's requests fall in one minute whenever the test runs. */
const NOW = new Date('2026-12-04T12:00:30Z')
const YESTERDAY = new Date('2026-12-03T12:00:00Z')
const client = () => chain.client()
const { forwarderNonce } = chain

beforeEach(async () => {
  await clearRelayTables(databases.first.db)
})

type Api = { app: ReturnType<typeof createApp>; relayer: Relayer; db: Database }

/** One API process: its own database connections and relayer, behind one proxy that names the client. */
function api(db: Database, options: Pick<RelayAppOptions, 'budgets' | 'now' | 'rpcUrl'> = {}): Api {
  const { app, relayer } = chain.app({ db, account: relayerAccount, now: () => NOW, ...options, trustedProxies: 1 })
  if (!relayer) throw new Error('no relayer')
  return { app, relayer, db }
}

/** Both API processes, as a balancer spreads requests over them. */
const both = (options?: Parameters<typeof api>[1]) => [
  api(databases.first.db, options),
  api(databases.second.db, options),
]

type Answer = { status: number; body: { id?: number; hash?: Hash; code?: string; error?: string } }
const post = async ({ app }: Api, body: unknown, client = '198.18.0.1'): Promise<Answer> => {
  const res = await postRelay(app, body, { 'X-Forwarded-For': client })
  return { status: res.status, body: (await res.json()) as Answer['body'] }
}

/** A request to call `data` on the game, signed at its player's forwarder nonce, as the page sends it. */
const signed = (data: Hex, options: Omit<SignOptions, 'to' | 'nonce'> = {}) => chain.sign(data, options)

/** A time zone, in whole quarter hours within the game's range, where it is now half past ten at night. */
async function nightZone() {
  const seconds = Number((await client().getBlock()).timestamp) % 86_400
  const offset = Math.round(((((22.5 * 3_600 - seconds) % 86_400) + 86_400) % 86_400) / 900) * 900
  return offset > 14 * 3_600 ? offset - 86_400 : offset
}

const mintAt = (tzOffset: number) =>
  encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [tzOffset] })
const mint = mintAt(0)
const relayerNonce = () => client().getTransactionCount({ address: relayerAccount.address })

/** The relayer's transactions recorded in the database, each followed to its receipt on the chain. */
async function settledRows(apiOf: Api) {
  const recorded = () => apiOf.db.select().from(relayTransactions).where(eq(relayTransactions.chainId, anvilChain.id))
  const receipts = await Promise.all(
    (await recorded()).map((row) => client().waitForTransactionReceipt({ hash: row.hash as Hash })),
  )
  await apiOf.relayer.keep()
  return { rows: await recorded(), reverted: receipts.filter((receipt) => receipt.status !== 'success').length }
}

const statusesOf = (answers: Answer[]) => answers.map((a) => a.status).sort()

describe('the relayer, raced and tricked from two API processes', () => {
  it('sends one request once, though it comes 20 times at once with its signature in 20 spellings', async () => {
    const apis = both()
    const { player, body } = await signed(mint)
    const before = await relayerNonce()
    const { r, s, yParity } = parseSignature(body.signature)
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
    const twins: Hex[] = [
      // A high-s twin and a 0/1 v: other bytes that recover the same signer.
      concat([r, `0x${(n - BigInt(s)).toString(16).padStart(64, '0')}`, yParity ? '0x1b' : '0x1c']),
      concat([r, s, yParity ? '0x01' : '0x00']),
    ]
    const spellings = Array.from({ length: 20 }, (_, i) => {
      if (i < twins.length) return twins[i] as Hex
      // Letters upper-cased by the bits of i: twenty different strings of the same bytes.
      let k = 0
      return `0x${body.signature
        .slice(2)
        .replace(/[a-f]/g, (c) => ((i >> (k++ % 5)) & 1 ? c.toUpperCase() : c))}` as Hex
    })
    expect(new Set(spellings).size).toBe(20)
    const answers = await Promise.all(spellings.map((signature, i) => post(apis[i % 2] as Api, { ...body, signature })))
    expect(statusesOf(answers)).toEqual(Array(20).fill(202))
    expect(new Set(answers.map((a) => a.body.hash)).size).toBe(1)
    const { rows, reverted } = await settledRows(apis[0] as Api)
    expect({ rows: rows.length, reverted, sent: (await relayerNonce()) - before }).toEqual({
      rows: 1,
      reverted: 0,
      sent: 1,
    })
    expect(await forwarderNonce(player.address)).toBe(1n)
  })

  it('answers a copy checked while the request was mined with its transaction, not a refusal', async () => {
    // The second process's node is slow: by the time it reads the signer's nonce, the first has sent and mined.
    const node = await rpcProxy(chain.rpcUrl, { readDelayMs: 300 })
    try {
      const fast = api(databases.first.db)
      const slow = api(databases.second.db, { rpcUrl: node.url })
      const { body } = await signed(mint)
      const [first, second] = await Promise.all([post(fast, body), post(slow, body)])
      expect([first.status, second.status]).toEqual([202, 202])
      expect(second.body.hash).toBe(first.body.hash)
    } finally {
      await node.close()
    }
  })

  it('sends one of ten different requests signed at one nonce and sent at once, and refuses the rest in words', async () => {
    const apis = both()
    const player = privateKeyToAccount(generatePrivateKey())
    // Ten requests at nonce 0, told apart by their deadlines.
    const requests = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signed(mint, { player, deadlineIn: 600 + i })),
    )
    const before = await relayerNonce()
    const answers = await Promise.all(requests.map(({ body }, i) => post(apis[i % 2] as Api, body)))
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1)
    // The others: the nonce held by the one sent (409), or, once it is mined, used (422), each said in words.
    for (const refused of answers.filter((a) => a.status !== 202)) {
      expect([409, 422]).toContain(refused.status)
      expect(refused.body.code).toMatch(/^(nonce|signature)$/)
      expect(refused.body.error).toMatch(/sign (this one|it) again/)
    }
    const { rows, reverted } = await settledRows(apis[0] as Api)
    expect({ rows: rows.length, reverted, sent: (await relayerNonce()) - before }).toEqual({
      rows: 1,
      reverted: 0,
      sent: 1,
    })
    // Nothing stays reserved for the refused: the one sent is all the player spent.
    const [row] = rows
    expect(await spent(databases.first.db, 'player', player.address.toLowerCase(), NOW)).toEqual({
      wei: BigInt(row?.costWei ?? -1),
      requests: 1,
    })
  })

  it('refuses padded calldata, no gas and too little gas in words (422), and sends nothing', async () => {
    const [first] = both() as [Api]
    const before = await relayerNonce()
    const padded = await post(first, (await signed(concat([mint, `0x${'5a'.repeat(3_900)}`]))).body)
    expect(padded).toMatchObject({ status: 422, body: { code: 'not-playable' } })
    expect(padded.body.error).toMatch(/carries 3900 bytes after its arguments/)
    const none = await post(first, (await signed(mint, { gas: 0n })).body)
    expect(none).toMatchObject({ status: 422, body: { code: 'gas' } })
    expect(none.body.error).toMatch(/no gas to run with/)
    const little = await post(first, (await signed(mint, { gas: 40_000n })).body)
    expect(little).toMatchObject({ status: 422, body: { code: 'gas' } })
    expect(little.body.error).toMatch(/too little gas to run \(40000; it needs about \d{5,6}\)/)
    expect(await relayerNonce()).toBe(before)
  })

  it('holds a crowd of new accounts from many networks to the new players of any minute, and still pays a returning player’s gaze', async () => {
    // A player who played yesterday: a sky minted through the relayer, in a zone where it is now night.
    const returning = privateKeyToAccount(generatePrivateKey())
    const yesterday = api(databases.first.db, { now: () => YESTERDAY })
    const minted = await post(yesterday, (await signed(mintAt(await nightZone()), { player: returning })).body)
    expect(minted.status).toBe(202)
    await client().waitForTransactionReceipt({ hash: minted.body.hash as Hash })
    await yesterday.relayer.keep()
    const skyId = await client().readContract({
      address: chain.contracts.Chainellation as Address,
      abi: chainellationAbi,
      functionName: 'totalSupply',
    })

    // A crowd at the door for two minutes of the API's clock: three new accounts every five seconds, each from a
    // network of its own, spread over both processes, and the returning player's gaze among them.
    const perMinute = 5
    let clock = NOW.getTime()
    const apis = both({ budgets: { newPlayersPerMinute: perMinute }, now: () => new Date(clock) })
    const refusalsBefore = await refusalCount('new-players')
    const before = await relayerNonce()
    const answers: Answer[] = []
    let gaze: Answer | undefined
    for (let step = 0; step <= 24; step++, clock += 5_000) {
      const crowd = await Promise.all(Array.from({ length: 3 }, () => signed(mint)))
      const posts = crowd.map(({ body }, i) => post(apis[i % 2] as Api, body, `198.18.${step * 3 + i}.7`))
      if (step === 12) {
        const { body } = await signed(
          encodeFunctionData({ abi: chainellationAbi, functionName: 'starGaze', args: [skyId] }),
          {
            player: returning,
          },
        )
        gaze = await post(apis[1] as Api, body, '198.19.0.7')
      }
      answers.push(...(await Promise.all(posts)))
    }
    const refused = answers.filter((a) => a.status !== 202)
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([429]))
    expect(refused[0]?.body.error).toMatch(/as many new players as it can this minute: try again in \d+ seconds?\./)
    expect(gaze?.status).toBe(202)

    const { rows, reverted } = await settledRows(apis[0] as Api)
    const crowdRows = rows.filter((row) => row.player !== returning.address.toLowerCase() && row.createdAt >= NOW)
    // Five at 0:00 and 0:05 of its clock, five again a minute later, and three at 2:00: never more in any minute.
    expect(crowdRows).toHaveLength(13)
    for (const row of crowdRows) {
      const t = row.createdAt.getTime()
      const window = crowdRows.filter(
        (other) => other.createdAt.getTime() > t - 60_000 && other.createdAt.getTime() <= t,
      )
      expect(window.length).toBeLessThanOrEqual(perMinute)
    }
    expect({ reverted, sent: (await relayerNonce()) - before }).toEqual({ reverted: 0, sent: 13 + 1 })
    // What the crowd cost is what its new players' first requests cost, on the newcomers' budget alone.
    const crowdCost = crowdRows.reduce((sum, row) => sum + BigInt(row.costWei ?? 0), 0n)
    expect(await spent(databases.first.db, 'newcomers', '', NOW)).toEqual({ wei: crowdCost, requests: 13 })
    expect(await refusalCount('new-players')).toBe(refusalsBefore + 75 - 13)
    // The returning player's gaze drew on the day's budget, not on the newcomers'.
    const gazeRow = rows.find((row) => row.call === 'Chainellation.starGaze')
    expect(gazeRow?.reservation.rows.map((r) => r.scope)).toEqual(['player', 'client', 'all'])
  })
})

/** `chainellation_relay_refusals_total` for `reason`, as /metrics shows it. */
async function refusalCount(reason: string) {
  const metric = await register.getSingleMetric('chainellation_relay_refusals_total')?.get()
  return metric?.values.find((v) => v.labels.reason === reason)?.value ?? 0
}
