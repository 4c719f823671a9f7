import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../test/render-route'

// The compose page's code arrives only when the test lets it, so the navigation stays under way until then.
const composeCode = vi.hoisted(() => {
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  return { arrived, arrive }
})

vi.mock('@/lib/shell/wallet-stack/wallet-stack', () => import('../test/wallet-stub'))
vi.mock('@/features/compose', async () => {
  await composeCode.arrived
  return import('../test/page-stubs')
})

describe('the navigation progress bar', () => {
  it("shows while the next page's code is on its way, over the page left, and goes once the page is there", async () => {
    renderRoute('/')
    await screen.findByRole('heading', { level: 1, name: 'chainellation' })
    const bar = screen.getByRole('banner').querySelector('[data-active]')
    expect(bar?.getAttribute('data-active')).toBe('false')

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Compose' }))
    await waitFor(() => expect(bar?.getAttribute('data-active')).toBe('true'))
    expect(screen.getByRole('heading', { level: 1, name: 'chainellation' })).toBeDefined()

    composeCode.arrive()
    expect(await screen.findByRole('heading', { level: 1, name: 'Compose' })).toBeDefined()
    expect(bar?.getAttribute('data-active')).toBe('false')
  })
})
