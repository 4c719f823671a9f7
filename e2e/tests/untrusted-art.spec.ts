import { openConnected } from '../support/app'
import { mintSky, registerDecoration } from '../support/chain'
import { expect, test } from '../support/fixtures'

// Decoration art comes from any registered contract. This one tries everything an SVG can to run script.
const HOSTILE = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" onload="window.top.__hostile = 1">',
  '<script>window.top.__hostile = "script"; alert("script")</script>',
  '<image href="x" onerror="window.top.__hostile = 2"/>',
  '<foreignObject width="512" height="512"><iframe xmlns="http://www.w3.org/1999/xhtml" srcdoc="&lt;script&gt;parent.__hostile=1&lt;/script&gt;"/></foreignObject>',
  '<rect x="200" y="380" width="112" height="60" fill="#c33"/>',
  '</svg>',
].join('')

test('hostile decoration art is shown as an image and nothing in it runs', async ({ page, wallet, stack, rpc }) => {
  const dialogs: string[] = []
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  await registerDecoration(stack, rpc, `Hostile ${test.info().project.name}`, HOSTILE, 3)
  const skyId = await mintSky(stack, rpc, wallet.account)
  await openConnected(page, wallet, `/compose/${skyId}`)
  const option = page.getByRole('radio', { name: `Hostile ${test.info().project.name}` })
  await option.check()
  // Offered, previewed, and (once applied) drawn by the chain: every time through an <img> data URL.
  await page.getByRole('button', { name: 'Apply 1 change' }).click()
  await expect(page.getByRole('button', { name: 'Applied' })).toBeVisible()
  await page.goto(`/sky/${skyId}`)
  await expect(page.getByRole('img', { name: /as the chain draws it$/ })).toBeVisible()
  await page.goto(`/compose/${skyId}`)
  await expect(page.getByRole('radio', { name: `Hostile ${test.info().project.name}` })).toBeChecked()

  expect(await page.evaluate(() => (window as unknown as { __hostile?: unknown }).__hostile)).toBeUndefined()
  expect(dialogs).toEqual([])
  // No markup from the chain reached the document: no inline <svg> holds a script, no iframe appeared.
  expect(await page.locator('svg script, svg foreignObject, iframe').count()).toBe(0)
  const sources = await page.locator('main img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))
  expect(sources.length).toBeGreaterThan(0)
  for (const src of sources) expect(src).toMatch(/^data:image\/svg\+xml;base64,/)
})
