// The relayer's figures that its alerts read (deploy/prometheus/alerts.yml): its floor, and how long its oldest
// transaction has been out, on a real chain and database.
import { chainellationAbi } from '@chainellation/contracts'
import { anvilAccount } from '@chainellation/contracts/safe'
import { register } from 'prom-client'
import { createTestClient, encodeFunctionData, http } from 'viem'
import { anvil as anvilChain } from 'viem/chains'
import { afterEach, describe, expect, it } from 'vitest'
import { postRelay, useRelayChain, useRelayDatabase } from '../../test/relay'
import { relayTransactions } from '../db/schema'

const chain = useRelayChain()
const database = useRelayDatabase()
const relayerAccount = anvilAccount(7)
const testClient = () => createTestClient({ chain: anvilChain, mode: 'anvil', transport: http(chain.rpcUrl) })

afterEach(async () => {
  await testClient().setAutomine(true)
})

const mint = encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] })
const metric = async (name: string) => {
  const line = (await register.metrics()).split('\n').find((l) => l.startsWith(`${name} `))
  return line === undefined ? undefined : Number(line.slice(name.length + 1))
}

describe('the relayer’s figures', () => {
  it('export its floor beside its balance, and leave the floor out of /api/health', async () => {
    const { app, relayer } = chain.app({ db: database.db, account: relayerAccount })
    await relayer?.keep()
    expect(await metric('chainellation_relayer_floor_ether')).toBe(0.05)
    expect(await metric('chainellation_relayer_balance_ether')).toBeGreaterThan(0.1)
    const { relay } = (await (await app.request('/api/health')).json()) as { relay: Record<string, unknown> }
    expect(relay).not.toHaveProperty('floorWei')
  })

  it('age the oldest transaction out from its first send, through its replacement, until it is settled', async () => {
    let clock = new Date('2026-12-01T20:00:00Z')
    const { app, relayer } = chain.app({ db: database.db, account: relayerAccount, now: () => clock })
    if (!relayer) throw new Error('the relayer is on')
    await relayer.keep()
    expect(relayer.figures().oldestQueuedSeconds).toBeUndefined()
    expect(await metric('chainellation_relayer_oldest_queued_seconds')).toBe(0)

    // Not mined: the transaction stays out.
    await testClient().setAutomine(false)
    expect((await postRelay(app, (await chain.sign(mint)).body)).status).toBe(202)
    await relayer.keep()
    clock = new Date(clock.getTime() + 30_000)
    expect(relayer.figures()).toMatchObject({ queued: 1, oldestQueuedSeconds: 30 })
    // Counted when read: no keeper round is needed for it to grow.
    clock = new Date(clock.getTime() + 60_000)
    expect(await metric('chainellation_relayer_oldest_queued_seconds')).toBe(90)
    // Past 45 s the keeper replaces it at higher fees; it is still the same request, out for as long.
    await relayer.keep()
    const [row] = await database.db.select().from(relayTransactions)
    expect(row?.hashes).toHaveLength(2)
    expect(relayer.figures()).toMatchObject({ queued: 1, oldestQueuedSeconds: 90 })

    await testClient().mine({ blocks: 1 })
    await relayer.keep()
    expect(relayer.figures().queued).toBe(0)
    expect(relayer.figures().oldestQueuedSeconds).toBeUndefined()
    expect(await metric('chainellation_relayer_oldest_queued_seconds')).toBe(0)
  })
})
