import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import { createPublicClient, defineChain, http, parseEther, recoverMessageAddress, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryStorage } from '../testing/memory-storage'
import { createLocalDevProvider } from './local-dev-provider'

let anvil: Anvil
let chain: ReturnType<typeof defineChain>

beforeAll(async () => {
  anvil = await startAnvil()
  chain = defineChain({
    id: 31_337,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })
})
afterAll(() => anvil?.stop())

describe('the local dev wallet provider', () => {
  it('shows no account until asked, then funds itself and stays connected', async () => {
    const storage = memoryStorage()
    const provider = createLocalDevProvider(chain, storage)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as `0x${string}`[]
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])
    const client = createPublicClient({ chain, transport: http() })
    expect(await client.getBalance({ address })).toBe(parseEther('100'))
    // The same browser keeps the same key and connection.
    expect(await createLocalDevProvider(chain, storage).request({ method: 'eth_accounts' })).toEqual([address])
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('signs in the page and sends transactions through the chain', async () => {
    const provider = createLocalDevProvider(chain, memoryStorage())
    const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as `0x${string}`[]
    const message = 'Sign in to chainellation.'
    const signature = await provider.request({ method: 'personal_sign', params: [toHex(message), address] })
    expect(await recoverMessageAddress({ message, signature })).toBe(address)
    const to = '0x000000000000000000000000000000000000dEaD'
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: address, to, value: toHex(parseEther('1')) }],
    })
    const client = createPublicClient({ chain, transport: http() })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.getBalance({ address: to })).toBeGreaterThanOrEqual(parseEther('1'))
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('refuses any chain but the local one with 4902', async () => {
    const provider = createLocalDevProvider(chain, memoryStorage())
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xaa36a7' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })).toBeNull()
  })
})
