import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../test/render-route'

vi.mock('@/lib/shell/wallet-stack/wallet-stack', () => import('../test/wallet-stub'))
// Pages that read the chain through wagmi stand aside: the shell and the routing are under test here.
vi.mock('@/features/stargaze', () => import('../test/page-stubs'))
vi.mock('@/features/compose', () => import('../test/page-stubs'))

async function openMenu() {
  const view = renderRoute('/')
  const toggle = await screen.findByRole('button', { name: 'Open menu' })
  fireEvent.click(toggle)
  const menu = screen.getByRole('dialog', { name: 'Menu' })
  return { ...view, toggle, menu }
}

describe('side menu', () => {
  it('is closed at first, and the toggle says so and names the menu it controls', async () => {
    renderRoute('/')
    const toggle = await screen.findByRole('button', { name: 'Open menu' })
    expect(toggle).toHaveProperty('ariaExpanded', 'false')
    expect(toggle.getAttribute('aria-controls')).toBe('side-menu')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens as a modal dialog, moves focus into it and locks the page behind it', async () => {
    const { toggle, menu } = await openMenu()
    expect(toggle).toHaveProperty('ariaExpanded', 'true')
    expect(menu.id).toBe('side-menu')
    expect(menu.getAttribute('aria-modal')).toBe('true')
    expect(menu.contains(document.activeElement)).toBe(true)
    expect(document.body.style.overflow).toBe('hidden')
    expect(screen.getByRole('banner', { hidden: true }).closest('[inert]')).not.toBeNull()
  })

  it('lists the home logo, the three areas in order, then twitter and discord in new tabs', async () => {
    const { menu } = await openMenu()
    const nav = within(menu).getByRole('navigation', { name: 'Menu' })
    expect(within(menu).getAllByRole('link')[0]?.getAttribute('href')).toBe('/')
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['mint', 'Stargaze', 'Compose', 'twitter', 'discord'])
    for (const name of ['twitter', 'discord']) {
      const link = within(nav).getByRole('link', { name })
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
      expect(link.getAttribute('href')).toMatch(/^https:\/\//)
    }
  })

  it('closes on Escape and gives focus back to the toggle', async () => {
    const { toggle } = await openMenu()
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(toggle).toHaveProperty('ariaExpanded', 'false')
    expect(document.activeElement).toBe(toggle)
    expect(document.body.style.overflow).toBe('')
  })

  it('closes when the backdrop is clicked', async () => {
    const { toggle } = await openMenu()
    fireEvent.click(screen.getByTestId('side-menu-backdrop'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(toggle)
  })

  it('closes with its close button', async () => {
    const { menu, toggle } = await openMenu()
    fireEvent.click(within(menu).getByRole('button', { name: 'Close menu' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(toggle)
  })

  it('closes when a link is followed, and the page changes', async () => {
    const { menu, router } = await openMenu()
    fireEvent.click(within(menu).getByRole('link', { name: 'Stargaze' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await screen.findByRole('heading', { level: 1, name: 'Stargaze' })).toBeDefined()
    expect(router.state.location.pathname).toBe('/stargaze')
  })

  it('closes when an external link is followed', async () => {
    const { menu } = await openMenu()
    fireEvent.click(within(menu).getByRole('link', { name: 'discord' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('keeps Tab and Shift+Tab inside while open', async () => {
    const { menu } = await openMenu()
    const focusable = within(menu).getAllByRole('link').concat(within(menu).getAllByRole('button'))
    const ordered = focusable.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    const first = ordered[0] as HTMLElement
    const last = ordered[ordered.length - 1] as HTMLElement
    last.focus()
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(document.activeElement).toBe(first)
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
  })
})
