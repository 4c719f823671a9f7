// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'

const PRELOAD = ['/assets/react-B.js', '/assets/router-C.js']
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
