import { afterEach, describe, expect, it, vi } from 'vitest'
import { kitPicture, resetKitBridge, wantKitPictures } from './kit-bridge'

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the kit’s pictures', () => {
  afterEach(() => resetKitBridge())

  it('are fetched only once the player reaches for a wallet, then at once', async () => {
    resetKitBridge()
    const picture = vi.fn(async () => 'data:image/svg+xml,<svg/>')
    const load = kitPicture(picture)
    const asked = load()
    await tick()
    expect(picture).not.toHaveBeenCalled()

    wantKitPictures()
    await expect(asked).resolves.toBe('data:image/svg+xml,<svg/>')
    await expect(load()).resolves.toBe('data:image/svg+xml,<svg/>')
    expect(picture).toHaveBeenCalledTimes(2)
  })

  it('wait again on a fresh page', async () => {
    wantKitPictures()
    resetKitBridge()
    const picture = vi.fn(async () => 'data:,')
    void kitPicture(picture)()
    await tick()
    expect(picture).not.toHaveBeenCalled()
  })
})
