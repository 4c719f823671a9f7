// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

const CONNECT = Array.from({ length: 20 }, (_, i) => `/assets/chunk-${i}.js`)
const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))

describe('the early script’s preloads for connect', () => {
  beforeAll(() => {
    vi.useFakeTimers()
    // The page's early script, as the build names the modules connect needs on it.
    const script = document.createElement('script')
    script.dataset.connect = CONNECT.join(' ')
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script)
    new Function(readFileSync(join(import.meta.dirname, '../boot.js'), 'utf8'))()
    vi.restoreAllMocks()
  })

  afterAll(() => {
    vi.useRealTimers()
    document.head.innerHTML = ''
    document.body.innerHTML = ''
  })

  it('are added a few per task after a pointer comes over connect, in order, each once', () => {
    document.body.innerHTML = '<button type="button" data-early="connect">Connect Wallet</button>'
    const button = document.querySelector('button') as HTMLButtonElement
    button.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))
    // None in the pointer's own event, and a few in each task after it: a press right after it is not held up.
    expect(preloaded()).toEqual([])
    vi.advanceTimersToNextTimer()
    expect(preloaded()).toEqual(CONNECT.slice(0, 4))
    vi.advanceTimersToNextTimer()
    expect(preloaded()).toEqual(CONNECT.slice(0, 8))
    vi.runAllTimers()
    expect(preloaded()).toEqual(CONNECT)
    button.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    vi.runAllTimers()
    expect(preloaded()).toEqual(CONNECT)
    expect(document.head.querySelector('link')?.crossOrigin).toBe('')
  })
})
