import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { TimeZoneControl } from './time-zone-control'

const berlin = { zone: 'Europe/Berlin', offset: 3600 }

describe('TimeZoneControl', () => {
  it('lists only its choice until the player reaches for it, then every zone', () => {
    render(<TimeZoneControl value={berlin} onChange={() => {}} />)
    const select = screen.getByLabelText('Time zone') as HTMLSelectElement
    expect(select.options).toHaveLength(1)
    expect(select.value).toBe('Europe/Berlin')
    fireEvent.focus(select)
    expect(select.options.length).toBeGreaterThan(300)
    expect(select.value).toBe('Europe/Berlin')
  })

  it('answers a pick from the whole list with its zone and offset', () => {
    const onChange = vi.fn()
    render(<TimeZoneControl value={berlin} onChange={onChange} />)
    const select = screen.getByLabelText('Time zone')
    fireEvent.pointerDown(select)
    fireEvent.change(select, { target: { value: 'Asia/Tokyo' } })
    expect(onChange).toHaveBeenCalledWith({ zone: 'Asia/Tokyo', offset: 32400 })
  })
})
