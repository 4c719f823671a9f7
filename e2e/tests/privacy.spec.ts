import { connectWith } from '../support/app'
import { expect, test } from '../support/fixtures'

/** Every origin the page asks for, WebSockets included (no other host resolves here, but the attempt is seen). */
function originsOf(page: import('@playwright/test').Page) {
  const origins = new Set<string>()
  page.on('request', (req) => {
    if (!req.url().startsWith('data:')) origins.add(new URL(req.url()).origin)
  })
  page.on('websocket', (ws) => origins.add(new URL(ws.url()).origin))
  return origins
}

test.describe('privacy', () => {
  test('a visit loads nothing from any other origin', async ({ page, stack }) => {
    const origins = originsOf(page)
    await page.goto('/mint', { waitUntil: 'networkidle' })
    // Opening the connect modal loads the wallets' code: none of it may call home either.
    await page.getByTestId('rk-connect-button').click()
    await expect(page.getByRole('dialog').getByText('Connect a Wallet')).toBeVisible()
    await page.waitForLoadState('networkidle')
    // Absence has no event to wait for: give late starters (a wallet SDK's telemetry) a moment.
    await page.waitForTimeout(2000)
    // The app's own origin, and the chain node it is configured to read the game from (here: the stack's anvil).
    const allowed = new Set([new URL(stack.webUrl).origin, new URL(stack.rpcUrl).origin])
    expect([...origins].filter((origin) => !allowed.has(origin))).toEqual([])
    expect(origins.has(new URL(stack.webUrl).origin)).toBe(true)
  })

  test('choosing WalletConnect starts its SDK, on the relay the app was built with', async ({ page, stack }) => {
    const origins = originsOf(page)
    await page.goto('/')
    await connectWith(page, 'walletConnect')
    // The SDK opens its relay's WebSocket: the gate let it start, and it is the tests' relay, not the public one.
    await expect.poll(() => origins.has(new URL(stack.walletConnectRelayUrl).origin)).toBe(true)
    expect(origins.has('wss://relay.walletconnect.org')).toBe(false)
  })
})
