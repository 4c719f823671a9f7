import { writeFileSync } from 'node:fs'
import { expect, test } from '../support/fixtures'
import { accountInHeader } from '../support/app'

test('probe returning load', async ({ browser, wallet, baseURL }) => {
  test.setTimeout(600_000)
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' })
    const page = await context.newPage()
    await wallet.install(page)
    await wallet.rememberedBy(page)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    const t0 = Date.now()
    await page.goto('/mint')
    await expect(accountInHeader(page)).toBeVisible({ timeout: 60_000 })
    await expect(page.getByRole('button', { name: /^Mint/ })).toBeEnabled({ timeout: 60_000 })
    const t = Date.now() - t0
    const { profile } = await cdp.send('Profiler.stop')
    writeFileSync(`/tmp/ret-${i}.cpuprofile`, JSON.stringify(profile))
    const m = Object.fromEntries((await cdp.send('Performance.getMetrics').catch(() => ({ metrics: [] }))).metrics.map((x) => [x.name, x.value]))
    console.log('load', t, JSON.stringify(m).slice(0, 0))
    await context.close()
  }
})
