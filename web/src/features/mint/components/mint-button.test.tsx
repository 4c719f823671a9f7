import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { MintStatus } from '../utils/mint-status'
import { MintButton } from './mint-button'

function renderButton(kind: MintStatus['kind'], total?: bigint, sponsored?: boolean) {
  const onConnect = vi.fn()
  const onSwitchNetwork = vi.fn()
  const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault())
  render(
    <form onSubmit={onSubmit}>
      <MintButton
        status={{ kind } as MintStatus}
        total={total}
        currency="eth"
        sponsored={sponsored}
        onConnect={onConnect}
        onSwitchNetwork={onSwitchNetwork}
      />
    </form>,
  )
  return { button: screen.getByRole('button') as HTMLButtonElement, onConnect, onSwitchNetwork, onSubmit }
}

describe('MintButton', () => {
  it('offers to connect a wallet, and opens the connect modal', () => {
    const { button, onConnect, onSubmit } = renderButton('connect')
    expect(screen.getByRole('button', { name: 'Connect wallet to mint' })).toBe(button)
    fireEvent.click(button)
    expect(onConnect).toHaveBeenCalledOnce()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('offers to switch away from a wrong network', () => {
    const { button, onSwitchNetwork, onSubmit } = renderButton('wrong-network')
    expect(screen.getByRole('button', { name: 'Wrong network — switch' })).toBe(button)
    fireEvent.click(button)
    expect(onSwitchNetwork).toHaveBeenCalledOnce()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('says the total when ready, and submits the form', () => {
    const { button, onSubmit } = renderButton('ready', 12_500_000_000_000_000n)
    expect(screen.getByRole('button', { name: 'Mint for 0.0125 ETH' })).toBe(button)
    expect(button.disabled).toBe(false)
    fireEvent.click(button)
    expect(onSubmit).toHaveBeenCalledOnce()
  })

  it('says a free mint is free', () => {
    renderButton('ready', 0n)
    expect(screen.getByRole('button', { name: 'Mint for free' })).toBeDefined()
  })

  it('says that the game pays a free mint’s gas where it does', () => {
    renderButton('ready', 0n, true)
    expect(screen.getByRole('button', { name: 'Mint: free, the game pays the gas' })).toBeDefined()
  })

  it('names the price of a paid mint, which the game never pays, whether or not it pays the gas', () => {
    renderButton('ready', 2_500_000_000_000_000n, true)
    expect(screen.getByRole('button', { name: 'Mint for 0.0025 ETH' })).toBeDefined()
  })

  it.each<[MintStatus['kind'], string, boolean]>([
    ['not-deployed', 'Not minting on this network', false],
    ['loading', 'Reading the price…', true],
    ['sold-out', 'Sold out', false],
    ['insufficient-funds', 'Insufficient funds', false],
    ['confirming', 'Confirm in your wallet…', true],
    ['minting', 'Minting…', true],
    ['awaiting-safe', 'Waiting for your Safe…', true],
    ['minted', 'Minted!', false],
  ])('%s: "%s", disabled', (kind, label, busy) => {
    const { button, onSubmit } = renderButton(kind, 1n)
    expect(screen.getByRole('button', { name: label })).toBe(button)
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('aria-busy')).toBe(String(busy))
    fireEvent.click(button)
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
