import type { Page } from '@playwright/test'
import { openConnected } from '../support/app'
import { chainTime, mintSky, offsetWhereItIs, setChainTime, skyOf } from '../support/chain'
import { freshAccount } from '../support/fault-tally'
import { expect, test } from '../support/fixtures'

// These tests move the chain's clock: the `clock` project runs them alone, after every other spec. Each has an
// account of its own: one that had gazed in an earlier test, hours of chain time before, may have skies ready again,
// and the page would count them among "all ready skies".
test.describe.configure({ mode: 'serial' })
test.use({
  walletOptions: async ({ rpc }, use) => {
    const { address, privateKey } = await freshAccount(rpc)
    await use({ account: address, privateKeys: [privateKey] })
  },
})

const HOUR = 3600
const card = (page: Page, id: bigint) => page.getByRole('article', { name: `Night sky #${id}` })
const minutesIn = (text: string) => {
  const [, h = '0', m = '0'] = /in (?:(\d+) h )?(\d+) min/.exec(text) ?? []
  return Number(h) * 60 + Number(m)
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test('a sky by day waits for its night; a gaze reveals a star, and the button refuses a second', async ({
      page,
      wallet,
      stack,
      rpc,
    }) => {
      const now = await chainTime(stack)
      const tz = offsetWhereItIs(12, now)
      const id = await mintSky(stack, rpc, wallet.account, tz)
      const local = (((now + tz) % 86_400) + 86_400) % 86_400

      await openConnected(page, wallet, '/stargaze')
      const sky = card(page, id)
      await expect(sky.getByText(/^Day · \d\d:\d\d$/)).toBeVisible()
      const gaze = sky.getByRole('button', { name: 'Gaze' })
      await expect(gaze).toBeDisabled()
      const countdown = (await sky.getByText(/^Next gaze in/).textContent()) ?? ''
      // Night falls at 18:00 there.
      expect(Math.abs(minutesIn(countdown) - (18 * HOUR - local) / 60)).toBeLessThanOrEqual(2)

      // The chain moves to a minute past nightfall there.
      await setChainTime(rpc, now + (18 * HOUR - local) + 60)
      await page.reload()
      await expect(sky.getByText(/^Night · 18:0\d$/)).toBeVisible()
      await expect(sky.getByText('Ready to gaze')).toBeVisible()
      await sky.scrollIntoViewIfNeeded()
      const image = sky.getByRole('img', { name: `Night sky #${id}` })
      await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/)
      const before = await image.getAttribute('src')
      await gaze.click()
      await expect(sky.getByText(/^1 \/ \d+$/)).toBeVisible()
      expect((await skyOf(stack, id)).gazes).toBe(1)
      // The chain draws the revealed star: the card shows the new image without a reload.
      await expect.poll(() => image.getAttribute('src')).not.toBe(before)

      // Gazing again at once: the button says no; no transaction is sent.
      await expect(gaze).toBeDisabled()
      // 14 hours on is 08:01 there, daytime: the next chance is 18:00 tomorrow, a day less a minute away.
      const next = (await sky.getByText(/^Next gaze in/).textContent()) ?? ''
      expect(Math.abs(minutesIn(next) - (24 * 60 - 1))).toBeLessThanOrEqual(2)
      expect(wallet.methods.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1)
    })

    test('gazing at all ready skies sends one transaction for all of them', async ({ page, wallet, stack, rpc }) => {
      const tz = offsetWhereItIs(22, await chainTime(stack))
      const ids = [
        await mintSky(stack, rpc, wallet.account, tz),
        await mintSky(stack, rpc, wallet.account, tz),
        await mintSky(stack, rpc, wallet.account, tz),
      ]
      await openConnected(page, wallet, '/stargaze')
      const all = page.getByRole('button', { name: 'Gaze at all ready skies (3)' })
      await expect(all).toBeEnabled()
      await all.click()
      for (const id of ids) await expect(card(page, id).getByText(/^Next gaze in/)).toBeVisible()
      expect(wallet.methods.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1)
      for (const id of ids) expect((await skyOf(stack, id)).gazes).toBe(1)
      await expect(page.getByRole('button', { name: 'Gaze at all ready skies' })).toBeDisabled()
    })
  })
}
