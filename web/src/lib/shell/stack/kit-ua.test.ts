import { UAParser as FullParser } from 'ua-parser-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { UAParser } from './kit-ua'

const AGENTS = {
  Windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  macOS:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  Ubuntu: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  Linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
  iOS: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  Android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
}

describe('the UAParser RainbowKit gets in the build', () => {
  afterEach(() => vi.unstubAllGlobals())

  it.each(Object.entries(AGENTS))('names the OS of a %s browser as the whole parse does', (os, userAgent) => {
    vi.stubGlobal('navigator', { userAgent })
    expect(UAParser().os.name).toBe(FullParser(userAgent).os.name)
    expect(UAParser().os.name).toBe(os)
  })

  it('reads the browser’s user agent when the name is first read, not when called', () => {
    vi.stubGlobal('navigator', { userAgent: AGENTS.Windows })
    const ua = UAParser()
    vi.stubGlobal('navigator', { userAgent: AGENTS.macOS })
    expect(ua.os.name).toBe('macOS')
    vi.stubGlobal('navigator', { userAgent: AGENTS.Android })
    expect(ua.os.name).toBe('macOS')
  })
})
