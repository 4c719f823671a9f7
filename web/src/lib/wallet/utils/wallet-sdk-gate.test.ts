import type { Wallet } from '@rainbow-me/rainbowkit'
import { beforeEach, describe, expect, it } from 'vitest'
import { createConnector, createStorage } from 'wagmi'
import { allowWalletSdks, gateWalletSdk, resetWalletSdkGate } from './wallet-sdk-gate'

const provider = { request: async () => null }

/** A connector shaped like wagmi's: its `connect` asks `this.getProvider()`, as WalletConnect's does. */
const walletOf = (type: string) => (): Wallet => ({
  id: type,
  name: type,
  iconUrl: '',
  iconBackground: '#000',
  createConnector: () =>
    createConnector(
      () =>
        ({
          id: type,
          name: type,
          type,
          setup: async () => {},
          async getProvider() {
            return provider
          },
          async connect(this: { getProvider(): Promise<unknown> }) {
            return { accounts: [], chainId: 1, provider: await this.getProvider() }
          },
        }) as never,
    ),
})

function connectorOf(type: string, recentConnectorId?: string) {
  const storage = createStorage({ storage: new Map() as never })
  const values = new Map<string, unknown>()
  if (recentConnectorId) values.set('recentConnectorId', recentConnectorId)
  const config = { storage: { ...storage, getItem: async (key: string) => values.get(key) ?? null } }
  const wallet = gateWalletSdk(walletOf(type))({ projectId: 'p', appName: 'a' } as never)
  return wallet.createConnector({ rkDetails: {} } as never)(config as never)
}

describe('gateWalletSdk', () => {
  beforeEach(resetWalletSdkGate)

  it('drops the eager setup of a remote SDK and keeps that of injected wallets', () => {
    expect(connectorOf('walletConnect').setup).toBeUndefined()
    expect(connectorOf('injected').setup).toBeTypeOf('function')
  })

  it('gives a remote SDK no provider on page load, so reconnect skips it', async () => {
    expect(await connectorOf('walletConnect').getProvider()).toBeUndefined()
    expect(await connectorOf('coinbaseWallet').getProvider()).toBeUndefined()
    expect(await connectorOf('metaMask').getProvider()).toBeUndefined()
  })

  it('reconnects the SDK the player last connected with', async () => {
    expect(await connectorOf('walletConnect', 'walletConnect').getProvider()).toBe(provider)
    expect(await connectorOf('walletConnect', 'coinbaseWallet').getProvider()).toBeUndefined()
  })

  it('starts every SDK once the connect modal has opened', async () => {
    const connector = connectorOf('walletConnect')
    allowWalletSdks()
    expect(await connector.getProvider()).toBe(provider)
  })

  it('starts an SDK when it is asked to connect, provider included', async () => {
    const connector = connectorOf('walletConnect')
    const connected = (await connector.connect()) as unknown as { provider: unknown }
    expect(connected.provider).toBe(provider)
    expect(await connector.getProvider()).toBe(provider)
  })

  it('leaves injected and Safe connectors untouched', async () => {
    expect(await connectorOf('injected').getProvider()).toBe(provider)
    expect(await connectorOf('safe').getProvider()).toBe(provider)
  })
})
