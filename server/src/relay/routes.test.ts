// The relayer's routes on a real chain and database: anvil with the game deployed, PGlite, and a relayer account.
import { chainellationAbi } from '@chainellation/contracts'
import { freePort } from '@chainellation/contracts/anvil'
import { anvilAccount } from '@chainellation/contracts/safe'
import { register } from 'prom-client'
import { encodeFunctionData, formatEther, type Hex, parseEther } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { postRelay as post, type RelayAppOptions, useRelayChain, useRelayDatabase } from '../../test/relay'

const chain = useRelayChain()
const database = useRelayDatabase()
const relayerAccount = anvilAccount(6)
const client = () => chain.client()

// The fields these tests read of an answer; each test says what it expects of them.
type Answer = { error?: string; code?: string; relay?: Record<string, unknown> } & Record<string, unknown>
const read = async (res: Response | Promise<Response>) => (await (await res).json()) as Answer

/** The API with this file's relayer, or (`relay: false`) with none. */
const appWithRelayer = ({
  relay = true,
  ...options
}: Omit<RelayAppOptions, 'db' | 'account'> & { relay?: boolean } = {}) =>
  chain.app({ db: database.db, account: relay ? relayerAccount : undefined, ...options })

/** A new player's request to call `data` on `to`, signed at their forwarder nonce, as the page sends it. */
const signed = (data: Hex, player?: PrivateKeyAccount, to = chain.contracts.Chainellation) =>
  chain.sign(data, { player, to })

const mint = encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] })

describe('/api/relay', () => {
  it('says whether the game pays gas here, and where a page sends what it signs', async () => {
    const on = await read(appWithRelayer().app.request('/api/relay'))
    expect(on).toEqual({
      on: true,
      paused: false,
      chainId: anvilChain.id,
      forwarder: chain.contracts.Forwarder,
      gasCap: 300_000,
    })
    const off = appWithRelayer({ relay: false }).app
    expect(await read(off.request('/api/relay'))).toEqual({ on: false })
    const refused = await post(off, (await signed(mint)).body)
    expect(refused.status).toBe(404)
    expect((await read(refused)).error).toMatch(/does not pay gas on this network/)
  })

  it('relays a new player’s mint: 202 with its transaction, followed to the end by its id', async () => {
    const { app, relayer } = appWithRelayer()
    const { player, body } = await signed(mint)
    const res = await post(app, body)
    expect(res.status).toBe(202)
    const sent = (await res.json()) as { id: number; hash: Hex; status: string }
    expect(res.headers.get('Location')).toBe(`/api/relay/${sent.id}`)
    const receipt = await client().waitForTransactionReceipt({ hash: sent.hash })
    expect(receipt.from.toLowerCase()).toBe(relayerAccount.address.toLowerCase())
    expect(await client().getBalance({ address: player.address })).toBe(0n)
    await relayer?.keep()
    expect(await read(app.request(`/api/relay/${sent.id}`))).toEqual({
      id: sent.id,
      hash: sent.hash,
      status: 'mined',
    })
    // Sent again (the page lost the answer), it is the same transaction.
    const again = await post(app, body)
    expect(again.status).toBe(202)
    expect(await read(again)).toMatchObject({ id: sent.id, hash: sent.hash })
    expect((await app.request('/api/relay/999999')).status).toBe(404)
  })

  it('answers each refusal with a sentence that ends with the way to pay yourself, and spends nothing', async () => {
    const { app } = appWithRelayer()
    const before = await client().getTransactionCount({ address: relayerAccount.address })
    const transfer = encodeFunctionData({
      abi: chainellationAbi,
      functionName: 'setApprovalForAll',
      args: [relayerAccount.address, true],
    })
    const gaze = encodeFunctionData({ abi: chainellationAbi, functionName: 'starGaze', args: [1n] })
    const forged = await signed(mint)
    const cases: [unknown, number, string | RegExp][] = [
      [(await signed(transfer)).body, 422, 'not-playable'],
      [(await signed(gaze)).body, 422, 'reverted'],
      [(await signed(mint, undefined, chain.contracts.Forwarder)).body, 422, 'not-game'],
      [{ ...(await signed(mint)).body, value: '1' }, 422, 'value'],
      [{ ...forged.body, from: relayerAccount.address }, 422, 'signature'],
    ]
    for (const [body, status, code] of cases) {
      const res = await post(app, body)
      const answer = (await res.json()) as { error: string; code: string }
      expect({ status: res.status, code: answer.code }, String(code)).toEqual({ status, code })
      expect(answer.error).toMatch(/pay its gas yourself\.$/)
    }
    const unreadable = await post(app, { ...forged.body, from: 'alice' })
    expect(unreadable.status).toBe(400)
    expect((await read(unreadable)).error).toMatch(/cannot be read \(from: not an address\)/)
    expect(await client().getTransactionCount({ address: relayerAccount.address })).toBe(before)
  })

  it('refuses past a player’s daily budget with 429, and while its balance is below its floor with 503', async () => {
    const poor = appWithRelayer({ budgets: { playerWei: 1_000n } }).app
    const overBudget = await post(poor, (await signed(mint)).body)
    expect(overBudget.status).toBe(429)
    expect((await read(overBudget)).error).toMatch(/used the gas the game pays for you today/)
    const { app, relayer } = appWithRelayer({ minBalanceWei: parseEther('1000000') })
    const paused = await post(app, (await signed(mint)).body)
    expect(paused.status).toBe(503)
    expect((await read(paused)).error).toMatch(/run short of the ether/)
    await relayer?.keep()
    expect(await read(app.request('/api/relay'))).toMatchObject({ on: true, paused: true })
  })

  it('answers 502 in words when the chain’s node does not answer, the only failure that is not a refusal', async () => {
    const { app } = appWithRelayer({ rpcUrl: `http://127.0.0.1:${await freePort()}` })
    const res = await post(app, (await signed(mint)).body)
    expect(res.status).toBe(502)
    expect((await read(res)).error).toMatch(/could not reach the chain’s node just now: try again in a moment/)
  })

  it('shows its balance and queue in /api/health and /metrics, as the keeper last read them', async () => {
    const { app, relayer } = appWithRelayer()
    expect((await read(app.request('/api/health'))).relay).toEqual({
      on: true,
      address: relayerAccount.address,
      paused: false,
      queued: 0,
    })
    await relayer?.keep()
    const { relay } = await read(app.request('/api/health'))
    const balance = await client().getBalance({ address: relayerAccount.address })
    expect(relay).toMatchObject({ balanceEth: formatEther(balance), queued: 0, paused: false })
    const metrics = await register.metrics()
    expect(metrics).toMatch(/^chainellation_relayer_balance_ether \d+/m)
    expect(metrics).toMatch(/^chainellation_relayer_queued_transactions 0$/m)
    expect(metrics).toMatch(/^chainellation_relayer_paused 0$/m)
    // Refusals by reason, every reason shown from the start.
    expect(metrics).toMatch(/^chainellation_relay_refusals_total\{reason="new-players"\} \d+$/m)
    expect(metrics).toMatch(/^chainellation_relay_refusals_total\{reason="budget-newcomers"\} \d+$/m)
    const off = appWithRelayer({ relay: false }).app
    expect((await read(off.request('/api/health'))).relay).toEqual({ on: false })
  })
})
