// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { wantsWalletAtOnce } from './shell/wallet-loader'

const PRELOAD = ['/assets/react-B.js', '/assets/router-C.js']
const CONNECT = Array.from({ length: 10 }, (_, i) => `/assets/wallet-${i}.js`)
const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))

describe('the early script, run as the head is parsed', () => {
  afterAll(() => {
    vi.restoreAllMocks()
    document.head.innerHTML = ''
  })

  it('starts the app only once the document is parsed, which the app hydrates whole', async () => {
    // As the build names the entry on it; a hidden page starts at once, without waiting for a paint.
    const script = document.createElement('script')
    script.dataset.entry = '/assets/index-A.js'
    script.dataset.preload = PRELOAD.join(' ')
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    // A function made here cannot import a module: the script's import of the entry is recorded instead.
    const imported: string[] = []
    const source = readFileSync(join(import.meta.dirname, '../boot.js'), 'utf8')
    expect(source).toContain('import(entry)')
    new Function('record', source.replace('import(entry)', 'record(entry)'))((entry: string) => imported.push(entry))
    expect(imported).toEqual([])
    expect(preloaded()).toEqual([])

    readyState.mockReturnValue('interactive')
    document.dispatchEvent(new Event('DOMContentLoaded'))
    expect(imported).toEqual(['/assets/index-A.js'])
    expect(preloaded()).toEqual(PRELOAD)
  })
})

describe('the early script, for a returning wallet user', () => {
  // The script's listeners on the document, taken off after each test: the files of this suite share one document
  // (`isolate: false`), and a pointer over connect in another file's test would reach them.
  const listening: Parameters<Document['addEventListener']>[] = []

  /** Runs the page's early script as the build names the entry and its modules on it, and starts the app. */
  const boot = () => {
    const listen = document.addEventListener.bind(document)
    vi.spyOn(document, 'addEventListener').mockImplementation((...args) => {
      listening.push(args)
      listen(...args)
    })
    const script = document.createElement('script')
    script.dataset.entry = '/assets/index-A.js'
    script.dataset.preload = PRELOAD.join(' ')
    script.dataset.connect = CONNECT.join(' ')
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')
    const source = readFileSync(join(import.meta.dirname, '../boot.js'), 'utf8')
    new Function('record', source.replace('import(entry)', 'record(entry)'))(() => {})
    vi.runAllTimers()
  }

  afterEach(() => {
    for (const args of listening.splice(0)) document.removeEventListener(...args)
    vi.restoreAllMocks()
    vi.useRealTimers()
    localStorage.clear()
    document.head.innerHTML = ''
  })

  it('fetches the wallet’s modules beside the app’s, which will ask for them once it has hydrated', () => {
    vi.useFakeTimers()
    // The key the app reads too: the two agree on who is a returning wallet user.
    localStorage.setItem('wagmi.recentConnectorId', '"injected"')
    expect(wantsWalletAtOnce()).toBe(true)
    boot()
    expect(preloaded()).toEqual([...PRELOAD, ...CONNECT])
  })

  it('leaves them for later for anyone else', () => {
    vi.useFakeTimers()
    expect(wantsWalletAtOnce()).toBe(false)
    boot()
    expect(preloaded()).toEqual(PRELOAD)
  })
})
