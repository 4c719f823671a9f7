import { describe, expect, it } from 'vitest'
import { type MintStatusInput, mintStatus } from './mint-status'

const info = { minted: 12n, maxSupply: 15_000n, basePrice: 10n, customizationPrice: 2n }

const ready: MintStatusInput = {
  connected: true,
  supportedChain: true,
  deployed: true,
  info,
  total: 14n,
  balance: 100n,
  write: { status: 'idle' },
}

describe('mintStatus', () => {
  // Titled by the status each case expects: a title prints a nested change as `[Object]`.
  it.each<[string, Partial<MintStatusInput>, string]>([
    ['ready to mint', {}, 'ready'],
    ['no wallet', { connected: false, supportedChain: false }, 'connect'],
    ['an unsupported chain', { supportedChain: false }, 'wrong-network'],
    ['no contracts on the chain', { deployed: false, info: undefined }, 'not-deployed'],
    ['supply and price still loading', { info: undefined, total: undefined }, 'loading'],
    ['every sky minted', { info: { ...info, minted: 15_000n } }, 'sold-out'],
    ['a balance under the total', { balance: 13n }, 'insufficient-funds'],
    ['a balance of exactly the total', { balance: 14n }, 'ready'],
    ['a balance not read yet', { balance: undefined }, 'ready'],
    ['the wallet asking to confirm', { write: { status: 'confirming' } }, 'confirming'],
    ['a mint on its way', { write: { status: 'pending', hash: '0x01' } }, 'minting'],
    [
      'a mint resumed before the wallet reconnects',
      { connected: false, write: { status: 'pending', hash: '0x01' } },
      'minting',
    ],
    [
      'a mint waiting in a Safe for its other owners',
      {
        write: {
          status: 'pending',
          hash: '0x01',
          safe: { safeTxHash: '0x01', awaiting: 'signatures', confirmations: 1, required: 2 },
        },
      },
      'awaiting-safe',
    ],
    ['a failed mint, ready to try again', { write: { status: 'error', message: 'x' } }, 'ready'],
  ])('%s → $2', (_, change, kind) => {
    expect(mintStatus({ ...ready, ...change }).kind).toBe(kind)
  })
})
