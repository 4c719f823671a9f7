import { describe, expect, it } from 'vitest'
import { emulateSuitePreferences, playwrightFlagsToDrop } from './chromium'

const GiB = 1024 ** 3

describe('playwrightFlagsToDrop', () => {
  it('lets Chromium keep its shared memory in /dev/shm when it has a gigabyte free', () => {
    expect(playwrightFlagsToDrop(() => ({ bavail: GiB / 4096, bsize: 4096 }))).toEqual(['--disable-dev-shm-usage'])
  })

  it('keeps Playwright’s default in a container’s 64 MB /dev/shm', () => {
    expect(playwrightFlagsToDrop(() => ({ bavail: (64 * 1024 ** 2) / 4096, bsize: 4096 }))).toEqual([])
  })

  it('keeps Playwright’s default where there is no /dev/shm', () => {
    const missing = () => {
      throw Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' })
    }
    expect(playwrightFlagsToDrop(missing)).toEqual([])
  })
})

describe('emulateSuitePreferences', () => {
  it('asks for both media features in one call, since each call replaces every override', async () => {
    const sent: unknown[] = []
    const session = { send: async (method: string, params: object) => void sent.push({ method, params }) }
    await emulateSuitePreferences(session, { reducedTransparency: 'no-preference', reducedMotion: 'reduce' })
    expect(sent).toEqual([
      {
        method: 'Emulation.setEmulatedMedia',
        params: {
          features: [
            { name: 'prefers-reduced-transparency', value: 'no-preference' },
            { name: 'prefers-reduced-motion', value: 'reduce' },
          ],
        },
      },
    ])
  })
})
