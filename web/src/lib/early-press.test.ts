// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { markAppReady, takeEarlyPress } from './early-press'

const root = document.documentElement

/** A control as the page's HTML has it before the app runs, pressed. */
function press(html: string) {
  document.body.innerHTML = html
  const control = document.body.querySelector('button')
  if (!control) throw new Error('no button')
  // A press on the icon inside counts for the control.
  const target = control.querySelector('svg') ?? control
  target.dispatchEvent(new MouseEvent('click', { bubbles: true }))
}

describe('presses before the app runs', () => {
  // The page's early script, as the browser runs it before the app.
  beforeAll(() => {
    // A press queues the app's start for after the next frame. These tests do not start it, and a task left queued
    // would run in whichever file the worker takes next, with no document left (isolate: false, vitest.config.ts).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] })
    new Function(readFileSync(join(import.meta.dirname, '../boot.js'), 'utf8'))()
  })

  afterAll(() => {
    vi.useRealTimers()
  })

  afterEach(() => {
    vi.clearAllTimers()
    document.body.innerHTML = ''
    for (const name of root.getAttributeNames()) root.removeAttribute(name)
  })

  it('are kept by the early script for the app to take, once', () => {
    press('<button type="button" data-early="menu"><svg></svg></button>')
    expect(root.hasAttribute('data-menu-requested')).toBe(true)
    expect(takeEarlyPress('connect')).toBe(false)
    expect(takeEarlyPress('menu')).toBe(true)
    expect(takeEarlyPress('menu')).toBe(false)
    expect(root.hasAttribute('data-menu-requested')).toBe(false)
  })

  it('are not kept for unmarked controls, or for names that are not a plain word', () => {
    press('<button type="button">Other</button>')
    press('<button type="button" data-early="x onload">Odd</button>')
    press('<button type="button" data-early="">Empty</button>')
    expect(root.getAttributeNames().filter((name) => name !== 'style')).toEqual([])
  })

  it('are left to the app once it runs', () => {
    markAppReady()
    press('<button type="button" data-early="menu">Open menu</button>')
    expect(takeEarlyPress('menu')).toBe(false)
  })

  it('on an early control are kept from the app hydrating below until it runs', () => {
    // React, shown a press on a page it has not finished hydrating, hydrates the whole of it inside that press.
    document.body.innerHTML = '<div id="app"><button type="button" data-early="connect">Connect</button></div>'
    const app = document.getElementById('app') as HTMLElement
    const button = app.querySelector('button') as HTMLButtonElement
    const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'keydown', 'keyup']
    const seen: string[] = []
    for (const type of types) app.addEventListener(type, () => seen.push(type), true)
    const pressAll = () => {
      for (const type of types) button.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }))
    }
    pressAll()
    expect(seen).toEqual([])
    expect(root.hasAttribute('data-connect-requested')).toBe(true)
    markAppReady()
    pressAll()
    expect(seen).toEqual(types)
  })

  it('on the page’s own links go to the browser, not to the app hydrating below, until it runs', () => {
    // React listens on the app's root element; a press it takes while hydrating reaches a router that is not ready.
    document.body.innerHTML = '<div id="app"><a href="/">Home</a><a href="https://example.com/">Out</a></div>'
    const app = document.getElementById('app') as HTMLElement
    const seen: string[] = []
    app.addEventListener('click', (event) => seen.push((event.target as Element).textContent ?? ''), true)
    const click = (name: string) => {
      const link = [...app.querySelectorAll('a')].find((a) => a.textContent === name)
      link?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    }
    click('Home')
    click('Out')
    expect(seen).toEqual(['Out'])
    markAppReady()
    click('Home')
    expect(seen).toEqual(['Out', 'Home'])
  })
})
