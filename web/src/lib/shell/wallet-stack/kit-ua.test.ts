import { UAParser as FullParser } from 'ua-parser-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { UAParser } from './kit-ua'

const AGENTS = {
  Windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
  'Windows Firefox': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  macOS:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'macOS Firefox': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  Ubuntu: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  Fedora: 'Mozilla/5.0 (X11; Fedora; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  Linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
  'Chrome OS':
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  iOS: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iPadOS:
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1',
  Android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  'Windows Phone':
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0 Mobile Safari/537.36 Edge/15.14977',
}

/** How RainbowKit reads the name: its `getPlatform()` in `src/utils/platforms.ts`. */
function platform(os: string | undefined) {
  if (os === 'Windows') return 'Windows'
  if (os === 'macOS') return 'macOS'
  if (['Ubuntu', 'Mint', 'Fedora', 'Debian', 'Arch', 'Linux'].includes(os ?? '')) return 'Linux'
  return 'Desktop'
}

describe('the UAParser RainbowKit gets in the build', () => {
  afterEach(() => vi.unstubAllGlobals())

  it.each(Object.entries(AGENTS))('tells the platform of a %s browser as the whole parse does', (_, userAgent) => {
    vi.stubGlobal('navigator', { userAgent })
    expect(platform(UAParser().os.name)).toBe(platform(FullParser(userAgent).os.name))
  })

  it('names the three platforms RainbowKit tells apart, and no other', () => {
    const named = Object.entries(AGENTS).map(([os, userAgent]) => {
      vi.stubGlobal('navigator', { userAgent })
      return [os, platform(UAParser().os.name)]
    })
    expect(Object.fromEntries(named)).toMatchObject({
      Windows: 'Windows',
      macOS: 'macOS',
      Ubuntu: 'Linux',
      Linux: 'Linux',
      iOS: 'Desktop',
      Android: 'Desktop',
    })
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
