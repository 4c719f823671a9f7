import { render, screen } from '@testing-library/react'
import { Cuer as RealCuer } from 'cuer'
import { describe, expect, it } from 'vitest'
import { Cuer } from './kit-cuer'

/** The tree RainbowKit's QR code draws (its `QRCode` component), with either cuer. */
function Code({ cuer, uri }: { cuer: typeof Cuer | typeof RealCuer; uri: string }) {
  return (
    <cuer.Root errorCorrection="medium" size={160} value={uri}>
      <cuer.Cells fill="currentColor" radius={1} />
      <cuer.Finder fill="currentColor" radius={0.25} />
      <cuer.Arena>
        <img alt="Wallet Logo" src="data:," />
      </cuer.Arena>
    </cuer.Root>
  )
}

describe('the QR code RainbowKit gets in the build', () => {
  it('draws, once fetched, what cuer draws, the arena left free for the logo', async () => {
    const uri = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d'
    const { container: real } = render(<Code cuer={RealCuer} uri={uri} />)
    const expected = real.innerHTML
    real.remove()

    const { container } = render(<Code cuer={Cuer} uri={uri} />)
    expect(container.querySelector('svg')).toBeNull()
    await screen.findByTitle('QR Code')
    await screen.findByAltText('Wallet Logo')
    expect(container.innerHTML).toBe(expected)
  })
})
