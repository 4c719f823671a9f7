import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SkyMetadata } from '@/lib/game'
import { SkyViewer } from './sky-viewer'

const metaOf = (id: bigint): SkyMetadata => ({
  name: `chainellation #${id}`,
  description: 'A night sky over UTC+05:45',
  image: 'data:image/svg+xml;base64,PHN2Zy8+',
  attributes: [
    { trait_type: 'Time zone', value: 'UTC+05:45' },
    { trait_type: 'Primary hue', value: 212 },
    { trait_type: 'Secondary hue', value: 290 },
    { trait_type: 'Clouds', value: 3 },
    { trait_type: 'Gazes', value: 3 },
    { trait_type: 'Stars revealed', value: '3/8' },
    { trait_type: 'Time', value: 'Night' },
  ],
})

const loaded = (id: bigint | undefined) => ({ data: id === undefined ? undefined : metaOf(id), error: null })
const useSkyMetadata = vi.fn<(id: bigint | undefined) => { data?: SkyMetadata; error: Error | null }>()
vi.mock('@/lib/game', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/game')>()),
  useSkyMetadata: (id: bigint | undefined) => useSkyMetadata(id),
}))

// jsdom has <dialog> but not its modal methods: just enough of them to open and close.
const original = { showModal: HTMLDialogElement.prototype.showModal, close: HTMLDialogElement.prototype.close }
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
})
afterAll(() => Object.assign(HTMLDialogElement.prototype, original))
beforeEach(() => {
  useSkyMetadata.mockReset()
  useSkyMetadata.mockImplementation(loaded)
})

const ids = [12n, 9n, 4n] as const

function renderViewer(index: number) {
  const onNavigate = vi.fn()
  const onClose = vi.fn()
  const view = render(
    <MemoryRouter>
      <SkyViewer ids={ids} index={index} onNavigate={onNavigate} onClose={onClose} />
    </MemoryRouter>,
  )
  return { onNavigate, onClose, dialog: screen.getByRole('dialog') as HTMLDialogElement, ...view }
}

const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key })

describe('SkyViewer', () => {
  it('opens as a modal dialog named after the sky', () => {
    const { dialog } = renderViewer(1)
    expect(dialog.open).toBe(true)
    expect(screen.getByRole('dialog', { name: 'Night sky #9' })).toBe(dialog)
    expect(useSkyMetadata).toHaveBeenLastCalledWith(9n)
  })

  it('shows the sky as an image, its attributes in words, downloads and its page', () => {
    renderViewer(0)
    const image = screen.getByRole('img', { name: 'Night sky #12, as the chain draws it' })
    expect(image.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+')
    const terms = screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])
    expect(terms).toEqual([
      ['Time zone', 'UTC+05:45'],
      ['Time there', 'Night'],
      ['Zenith hue', '212°'],
      ['Horizon hue', '290°'],
      ['Clouds', 'Cloudy'],
      ['Gazes', '3'],
      ['Stars revealed', '3 of 8'],
      ['Constellation', 'Secret until every star is revealed'],
    ])
    expect(screen.getByRole('button', { name: 'Download SVG' })).toBeDefined()
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'Open its page' }).getAttribute('href')).toBe('/sky/12')
  })

  it('holds the image’s place while the sky loads, and says so if the read fails', () => {
    useSkyMetadata.mockReturnValue({ data: undefined, error: null })
    const { rerender, onNavigate, onClose } = renderViewer(0)
    expect(screen.getByRole('status').textContent).toBe('Reading the sky…')
    expect(screen.queryByRole('img')).toBeNull()
    useSkyMetadata.mockReturnValue({ data: undefined, error: new Error('down') })
    rerender(
      <MemoryRouter>
        <SkyViewer ids={ids} index={0} onNavigate={onNavigate} onClose={onClose} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('status').textContent).toBe('The chain did not return this sky; try again in a moment.')
    expect(screen.getByRole('dialog', { name: 'Night sky #12' })).toBeDefined()
  })

  it('moves with the arrow keys and the step buttons, not past the ends', () => {
    const first = renderViewer(0)
    press('ArrowLeft')
    expect(first.onNavigate).not.toHaveBeenCalled()
    press('ArrowRight')
    expect(first.onNavigate).toHaveBeenLastCalledWith(1)
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true)
    first.unmount()

    const middle = renderViewer(1)
    press('ArrowLeft')
    expect(middle.onNavigate).toHaveBeenLastCalledWith(0)
    press('ArrowRight')
    expect(middle.onNavigate).toHaveBeenLastCalledWith(2)
    fireEvent.click(screen.getByRole('button', { name: /Next/ }))
    expect(middle.onNavigate).toHaveBeenLastCalledWith(2)
    expect(middle.onNavigate).toHaveBeenCalledTimes(3)
    middle.unmount()

    const last = renderViewer(2)
    press('ArrowRight')
    expect(last.onNavigate).not.toHaveBeenCalled()
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }))
    expect(last.onNavigate).toHaveBeenLastCalledWith(1)
  })

  it('asks to close on Escape, the close button and the backdrop, not on a click inside', () => {
    const { onClose, dialog, onNavigate } = renderViewer(1)
    press('Escape')
    expect(onClose).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(2)
    fireEvent.click(screen.getByRole('heading', { name: 'Night sky #9' }))
    expect(onClose).toHaveBeenCalledTimes(2)
    fireEvent.click(dialog)
    expect(onClose).toHaveBeenCalledTimes(3)
    expect(onNavigate).not.toHaveBeenCalled()
  })

  it('closes the dialog when the parent unmounts it', () => {
    const { dialog, unmount } = renderViewer(0)
    unmount()
    expect(dialog.open).toBe(false)
  })
})
