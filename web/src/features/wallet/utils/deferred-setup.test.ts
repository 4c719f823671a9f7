import type { Wallet } from '@rainbow-me/rainbowkit'
import { describe, expect, it } from 'vitest'
import { createConnector } from 'wagmi'
import { deferSetup } from './deferred-setup'

const walletOf = (type: string) => (): Wallet => ({
  id: type,
  name: type,
  iconUrl: '',
  iconBackground: '#000',
  createConnector: () => createConnector(() => ({ id: type, name: type, type, setup: async () => {} }) as never),
})

const connectorOf = (wallet: ReturnType<typeof deferSetup>) =>
  wallet({ projectId: 'p', appName: 'a' } as never).createConnector({ rkDetails: {} } as never)({} as never)

describe('deferSetup', () => {
  it('drops the eager setup of connectors that would start a remote provider', () => {
    expect(connectorOf(deferSetup(walletOf('walletConnect'))).setup).toBeUndefined()
  })

  it('keeps the setup of injected wallets, which contacts nobody', () => {
    expect(connectorOf(deferSetup(walletOf('injected'))).setup).toBeTypeOf('function')
  })
})
