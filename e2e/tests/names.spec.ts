import { setLocalName } from '@chainellation/contracts/ens'
import type { Page } from '@playwright/test'
import { privateKeyToAccount } from 'viem/accounts'
import { isWide, openConnected } from '../support/app'
import { mintSky, type Rpc } from '../support/chain'
import { expect, freshAccount, test } from '../support/fault-tally'
import type { StackInfo } from '../support/stack-env'

// Accounts show as their ENS names and avatars, looked up by the API on the local stand-in for ENS's Universal
// Resolver (docs/decisions/names.md). Each test names a fresh account: the API keeps every answer for a day.

/** A small avatar, as an ENS avatar text record can hold one (ENSIP-12). */
const AVATAR = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4" fill="#ea8f21"/></svg>',
).toString('base64')}`

/** A fresh, funded account with the primary name `name`. */
async function namedAccount(stack: StackInfo, rpc: Rpc, label: string) {
  const account = await freshAccount(rpc)
  const name = `${label}-${account.address.slice(2, 8).toLowerCase()}.eth`
  await setLocalName({
    rpcUrl: stack.anvilUrl,
    resolver: stack.ensUniversalResolver,
    account: privateKeyToAccount(account.privateKey),
    name: { name, avatar: AVATAR },
  })
  return { ...account, name }
}

/** Records what the page writes to the clipboard (its Permissions-Policy keeps it from reading the clipboard back). */
async function watchClipboard(page: Page, stack: StackInfo) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.webUrl })
  await page.addInitScript(() => {
    const clipboard = navigator.clipboard
    const write = clipboard.writeText.bind(clipboard)
    clipboard.writeText = (text: string) => {
      document.documentElement.dataset.copied = text
      return write(text)
    }
  })
}

test("a sky's owner shows as their ENS name and avatar, and their address copies whole", async ({
  page,
  stack,
  rpc,
}) => {
  const owner = await namedAccount(stack, rpc, 'stargazer')
  const skyId = await mintSky(stack, rpc, owner.address)
  await watchClipboard(page, stack)
  await page.goto(`/sky/${skyId}`)

  const shown = page.getByTestId('sky-owner')
  const account = shown.getByTestId('account')
  await expect(account).toHaveText(owner.name)
  await expect(account).toHaveAttribute('title', `${owner.name} (${owner.address})`)
  await expect(account.locator('img')).toHaveAttribute('src', AVATAR)
  // Drawn, not refused by the page's Content-Security-Policy.
  expect(
    await account.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
  ).toBeGreaterThan(0)

  await shown.getByRole('button', { name: 'Copy address' }).click()
  await expect(shown.getByRole('button', { name: 'Address copied' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-copied', owner.address)
  // The confirmation lasts a moment, then the button is as before.
  await expect(shown.getByRole('button', { name: 'Copy address' })).toBeVisible()
})

test.describe('the connected account', () => {
  let named: { address: `0x${string}`; privateKey: `0x${string}`; name: string } | undefined
  test.use({
    walletOptions: async ({ stack, rpc }, use) => {
      named = await namedAccount(stack, rpc, 'gazer')
      await use({ account: named.address, privateKeys: [named.privateKey] })
    },
  })

  test('shows as its ENS name and avatar in the header once signed in, and opens the account modal', async ({
    page,
    wallet,
  }) => {
    if (!named) throw new Error('no named account')
    await openConnected(page, wallet, '/')
    const button = page.getByRole('banner').getByTestId('named-account-button')
    await expect(button.locator('img')).toHaveAttribute('src', AVATAR)
    // RainbowKit's layout: the name on wide screens, the avatar alone on a phone.
    if (isWide(page)) await expect(button).toHaveText(named.name)
    else await expect(button.getByText(named.name)).toBeHidden()
    await button.click()
    const modal = page.getByRole('dialog')
    await expect(modal.getByText(`${named.address.slice(0, 4)}…${named.address.slice(-4)}`)).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Disconnect' })).toBeVisible()
  })
})
