import { expect, test } from '../support/fixtures'

// RainbowKit's pictures (each wallet's icon, two pictures of its connect modal) wait for the player to reach for a
// wallet (`kitPicture` in web/src/lib/wallet/kit-bridge.ts): the warm-up, which brings the kit to every visit, brings
// none of them (docs/decisions/first-use.md).

/** A script holding a picture: a data URL of some length, as each of RainbowKit's picture chunks is. */
const PICTURE = /data:image\/[\w+.-]+[;,][^"'`]{400,}/

test('the warm-up brings the kit without its pictures; a pointer over connect brings them for the modal', async ({
  page,
}) => {
  const pictures = new Set<string>()
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    const body = await response.text().catch(() => '')
    if (PICTURE.test(body)) pictures.add(new URL(response.url()).pathname)
  })
  await page.goto('/mint')
  await expect(page.locator('html')).toHaveAttribute('data-wallet-kit', '')
  // Absence has no event to wait for: give late starters a moment.
  await page.waitForTimeout(1500)
  expect([...pictures], 'pictures the warm-up fetched').toEqual([])

  const connect = page.getByTestId('rk-connect-button')
  await connect.hover()
  await expect.poll(() => pictures.size, { message: 'pictures fetched on a pointer over connect' }).toBeGreaterThan(4)
  await connect.click()
  const modal = page.getByRole('dialog')
  await expect(modal.getByText('Popular')).toBeVisible()
  // RainbowKit draws each picture as an image or as an element's background.
  const drawn = () =>
    modal.evaluate(
      (root) =>
        [...root.querySelectorAll('*')].filter(
          (element) =>
            (element instanceof HTMLImageElement && element.src.startsWith('data:image')) ||
            getComputedStyle(element).backgroundImage.includes('data:image'),
        ).length,
    )
  await expect.poll(drawn, { message: 'pictures drawn in the connect modal' }).toBeGreaterThan(4)
})
