import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactElement, RefObject } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getIslands } from '@/lib/shell/islands'
import type { Design } from '../utils/design'
import { MintPage } from './mint-page'

type ActionsProps = { chosen: number; design: RefObject<Design> }

/** The element the page hands the wallet stack for its form's end (supply, price, the mint button). */
const actions = () => {
  const [island] = getIslands()
  if (!island) throw new Error('the page has no wallet island')
  return island[1].content as ReactElement<ActionsProps>
}
const preview = () => screen.getByRole('img', { name: /^Preview of night sky #/ }).getAttribute('src')
const slider = (name: string) => screen.getByRole('slider', { name })

describe('MintPage', () => {
  // No frame or idle period comes: the wallet stack is not fetched, and the page keeps UTC.
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  // Each new element is a render of the wallet's part of the form, with all its chain reads, inside the same event:
  // a control that leaves the price alone should redraw the preview and no more.
  it('hands the wallet stack new content only when the price changes', () => {
    render(<MintPage />)
    expect(actions().props.chosen).toBe(0)

    fireEvent.change(slider('Zenith hue'), { target: { value: '40' } })
    const chosenOne = actions()
    expect(chosenOne.props.chosen).toBe(1)

    let shown = preview()
    fireEvent.change(slider('Zenith hue'), { target: { value: '80' } })
    expect(preview()).not.toBe(shown)
    shown = preview()
    fireEvent.click(screen.getByRole('radio', { name: 'Day' }))
    expect(preview()).not.toBe(shown)
    fireEvent.click(screen.getByRole('radio', { name: 'Overcast' }))
    expect(actions()).not.toBe(chosenOne)
    const chosenTwo = actions()
    expect(chosenTwo.props.chosen).toBe(2)
    fireEvent.click(screen.getByRole('radio', { name: 'Wisps' }))
    expect(actions()).toBe(chosenTwo)

    fireEvent.click(within(screen.getByRole('group', { name: 'Zenith hue' })).getByRole('checkbox'))
    expect(actions().props.chosen).toBe(1)
  })

  it('gives the mint the design as it stands', () => {
    render(<MintPage />)
    fireEvent.change(slider('Zenith hue'), { target: { value: '40' } })
    fireEvent.change(slider('Horizon hue'), { target: { value: '300' } })
    fireEvent.click(screen.getByRole('radio', { name: 'Cloudy' }))
    expect(actions().props.design.current).toMatchObject({ primaryHue: 40, secondaryHue: 300, clouds: 3 })
  })
})
