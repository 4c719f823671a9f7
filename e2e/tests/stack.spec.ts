import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { MULTICALL3_ADDRESS } from '@chainellation/contracts'
import { setLocalName } from '@chainellation/contracts/ens'
import { privateKeyToAccount } from 'viem/accounts'
import { freshAccount } from '../support/fault-tally'
import { expect, test } from '../support/fixtures'

test.describe('the stack behind it', () => {
  test('the API answers through the app origin with the local chain and its contracts', async ({ request, stack }) => {
    const res = await request.get('/api/health')
    expect(res.status()).toBe(200)
    const body = (await res.json()) as { ok: boolean; chainId: number; contracts: Record<string, string> }
    expect(body.ok).toBe(true)
    expect(body.chainId).toBe(31337)
    expect(body.contracts.Chainellation).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(body.contracts.Chainellation?.toLowerCase()).toBe(stack.contracts.Chainellation?.toLowerCase())
  })

  test('the API sends reminders with a VAPID key pair of the stack’s own', async ({ request }) => {
    const res = await request.get('/api/reminders/key')
    expect(res.status()).toBe(200)
    expect(((await res.json()) as { publicKey: string }).publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
  })

  test('unknown API routes are JSON 404s', async ({ request }) => {
    const res = await request.get('/api/does-not-exist')
    expect(res.status()).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not found' })
  })

  test('anvil has code at the Chainellation and Multicall3 addresses', async ({ rpc, stack }) => {
    expect(await rpc('eth_chainId', [])).toBe('0x7a69')
    const chainellation = await rpc('eth_getCode', [stack.contracts.Chainellation, 'latest'])
    expect(chainellation).toMatch(/^0x[0-9a-f]{2,}$/)
    const multicall = await rpc('eth_getCode', [MULTICALL3_ADDRESS, 'latest'])
    expect(multicall).toMatch(/^0x[0-9a-f]{2,}$/)
    // A fresh address has none, so the checks above can fail.
    expect(await rpc('eth_getCode', ['0x000000000000000000000000000000000000dEaD', 'latest'])).toBe('0x')
  })

  test('the API looks names up on the local ENS stand-in, where a fresh account can name itself', async ({
    request,
    rpc,
    stack,
  }) => {
    const { address } = await freshAccount(rpc)
    const before = await request.get(`/api/names/${address.toLowerCase()}`)
    expect(before.status()).toBe(200)
    expect(await before.json()).toEqual({ address, name: null, avatar: null })

    // Another address: the API keeps each answer, the one above included, for a day.
    const named = await freshAccount(rpc)
    const name = `player-${named.address.slice(2, 10).toLowerCase()}.eth`
    const avatar = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`
    await setLocalName({
      rpcUrl: stack.anvilUrl,
      resolver: stack.ensUniversalResolver,
      account: privateKeyToAccount(named.privateKey),
      name: { name, avatar },
    })
    const after = await request.get(`/api/names/${named.address}`)
    expect(after.status()).toBe(200)
    expect(after.headers()['cache-control']).toBe('public, max-age=86400')
    expect(await after.json()).toEqual({ address: named.address, name, avatar })
  })

  test('the API keeps its database in a fresh folder of this run', async ({ stack }) => {
    expect(stack.dataDir.startsWith(tmpdir()), stack.dataDir).toBe(true)
    expect(existsSync(stack.dataDir), stack.dataDir).toBe(true)
  })
})
