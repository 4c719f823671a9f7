import { connectorsForWallets, type Wallet, type WalletList } from '@rainbow-me/rainbowkit'
import { injectedWallet, metaMaskWallet, walletConnectWallet } from '@rainbow-me/rainbowkit/wallets'
import { http } from 'viem'
import { sepolia } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createConfig, createConnector } from 'wagmi'
import { injected } from 'wagmi/connectors'
import { appName, wallets } from '../config'
import { walletConnectors } from './wallet-connectors'
import { gateWalletSdk } from './wallet-sdk-gate'

const projectId = 'test-project'

/** What RainbowKit's modal reads of each connector, in order. */
function rkDetailsOf(connectors: ReturnType<typeof walletConnectors>) {
  const config = createConfig({
    chains: [sepolia],
    transports: { [sepolia.id]: http('http://127.0.0.1:1') },
    connectors,
    multiInjectedProviderDiscovery: false,
  })
  return config.connectors.map((c) => {
    const { rkDetails } = c as unknown as { rkDetails: Record<string, unknown> }
    // Functions (QR, deep-link and download helpers) differ by identity; where they are is what counts.
    return JSON.parse(JSON.stringify({ id: c.id, ...rkDetails }, (_, v) => (typeof v === 'function' ? 'fn' : v)))
  })
}

describe('walletConnectors', () => {
  it("builds the connectors RainbowKit's connectorsForWallets builds for the app's wallets", () => {
    const ours = rkDetailsOf(walletConnectors(wallets, { appName, projectId }))
    const theirs = rkDetailsOf(connectorsForWallets(wallets, { appName, projectId }))
    expect(ours.length).toBeGreaterThan(0)
    expect(ours).toEqual(theirs)
  })

  it('keeps the first wallet of an id, puts wallets that may hide last, and doubles WalletConnect', () => {
    const mayHide = (id: string, hidden: boolean) => (): Wallet => ({
      id,
      name: id,
      iconUrl: 'data:,',
      iconBackground: '#000',
      hidden: () => hidden,
      createConnector: (details) => createConnector((config) => ({ ...injected()(config), ...details })),
    })
    // Gated, so that no wallet SDK starts (see wallet-sdk-gate.ts).
    const list: WalletList = [
      { groupName: 'One', wallets: [mayHide('shown', false), metaMaskWallet, walletConnectWallet].map(gateWalletSdk) },
      { groupName: 'Two', wallets: [mayHide('gone', true), injectedWallet, walletConnectWallet].map(gateWalletSdk) },
    ]
    const ours = rkDetailsOf(walletConnectors(list, { appName, projectId }))
    const theirs = rkDetailsOf(connectorsForWallets(list, { appName, projectId }))
    expect(ours).toEqual(theirs)
    expect(ours.map((c) => c.id)).toEqual(['metaMask', 'walletConnect', 'walletConnect', 'injected', 'shown'])
  })

  it('gives WalletConnect the configured relay (the public one when none is), and turns its telemetry off', () => {
    const seen: Parameters<WalletList[number]['wallets'][number]>[0][] = []
    const recording = (parameters: (typeof seen)[number]): Wallet => {
      seen.push(parameters)
      return {
        id: `recording-${seen.length}`,
        name: 'recording',
        iconUrl: 'data:,',
        iconBackground: '#000',
        createConnector: (details) => createConnector((config) => ({ ...injected()(config), ...details })),
      }
    }
    const list: WalletList = [{ groupName: 'One', wallets: [recording] }]
    walletConnectors(list, { appName, projectId, relayUrl: 'ws://127.0.0.1:4410' })
    walletConnectors(list, { appName, projectId })
    // WalletConnect's own wallet reads `options`, the others the parameters of their WalletConnect fallback.
    for (const read of [
      (p: (typeof seen)[number]) => p.walletConnectParameters,
      (p: (typeof seen)[number]) => p.options,
    ])
      expect(seen.map(read)).toEqual([
        { metadata: expect.any(Object), telemetryEnabled: false, relayUrl: 'ws://127.0.0.1:4410' },
        { metadata: expect.any(Object), telemetryEnabled: false },
      ])
  })

  it('refuses an empty list or group, as RainbowKit does', () => {
    expect(() => walletConnectors([], { appName, projectId })).toThrow('No wallet list was provided')
    expect(() => walletConnectors([{ groupName: 'Empty', wallets: [] }], { appName, projectId })).toThrow(
      'No wallets provided for group: Empty',
    )
  })
})
