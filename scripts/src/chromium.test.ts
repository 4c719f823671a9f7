import { describe, expect, it } from 'vitest'
import { playwrightFlagsToDrop } from './chromium'

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
