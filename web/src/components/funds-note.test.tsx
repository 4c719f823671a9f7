import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sepolia } from 'wagmi/chains'
import { FundsNote } from './funds-note'

describe('FundsNote', () => {
  it('links Sepolia’s faucets, opened in a new tab that is told nothing of the app', () => {
    render(<FundsNote chainId={sepolia.id} currency="sep" />)
    expect(screen.getByText(/does not hold enough SEP/)).toBeTruthy()
    const google = screen.getByRole('link', { name: 'Google Cloud’s Sepolia faucet' })
    expect(google.getAttribute('href')).toBe('https://cloud.google.com/application/web3/faucet/ethereum/sepolia')
    expect(google.getAttribute('target')).toBe('_blank')
    expect(google.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByRole('link', { name: 'Alchemy’s Sepolia faucet' })).toBeTruthy()
  })

  it('on the local chain, says where its ether comes from, with no link away', () => {
    render(<FundsNote chainId={31_337} currency="eth" />)
    expect(screen.getByText(/Local dev wallet funds itself/)).toBeTruthy()
    expect(screen.queryAllByRole('link')).toHaveLength(0)
  })
})
