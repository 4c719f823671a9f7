import { createHash } from 'node:crypto'
import type { Page } from '@playwright/test'
import { connectTestWallet } from '../support/app'
import { expect, test } from '../support/fixtures'

// The production build served by the API, under its Content-Security-Policy: every page and wallet step of a
// first visit must run without the browser refusing anything, which it reports as a violation.

/** A policy's directives by name, each with its sources. */
const directives = (policy: string | undefined) =>
  new Map(
    (policy ?? '').split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ')
      return [name, sources]
    }),
  )

type Violation = { directive: string; blocked: string; source: string; line: number; column: number }

/**
 * Collects the CSP violations of every document the page loads, as `securitypolicyviolation` events (handed to
 * the test as they happen, so a navigation loses none) and as the console's reports of them.
 */
async function watchViolations(page: Page) {
  const events: Violation[] = []
  const reported: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(message.text())
  })
  await page.exposeFunction('__reportCspViolation', (violation: Violation) => events.push(violation))
  // Init scripts are added by the browser's debugging protocol, outside the page's policy.
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation
    document.addEventListener('securitypolicyviolation', (event) => {
      report({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: event.sourceFile,
        line: event.lineNumber,
        column: event.columnNumber,
      })
    })
  })
  return { events, reported }
}

test('production answers carry the CSP, nosniff and the referrer policy', async ({ page, stack }) => {
  const res = await page.goto('/')
  const headers = res?.headers() ?? {}
  const policy = directives(headers['content-security-policy'])
  // The app's own files, and the one inline script of its pages by its hash: never 'unsafe-inline'.
  const inline = await page.locator('script:not([src]):not([type="application/json"])').allTextContents()
  expect(inline).toHaveLength(1)
  const hash = createHash('sha256')
    .update(inline[0] ?? '')
    .digest('base64')
  expect(policy.get('script-src')).toEqual(["'self'", `'sha256-${hash}'`])
  expect(policy.get('object-src')).toEqual(["'none'"])
  expect(policy.get('base-uri')).toEqual(["'self'"])
  expect(policy.get('img-src')).toContain('data:')
  expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", new URL(stack.rpcUrl).origin]))
  expect(policy.get('frame-ancestors')).toEqual(["'self'", 'https://app.safe.global', stack.safeParentOrigin])
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')

  // The same on a file, an API answer and an error.
  const sheet = await page.locator('link[rel="stylesheet"]').first().getAttribute('href')
  for (const path of [sheet ?? '/favicon.svg', '/api/health', '/api/nope']) {
    const answer = await page.request.get(path)
    expect(answer.headers()['content-security-policy'], path).toBe(headers['content-security-policy'])
    expect(answer.headers()['x-content-type-options'], path).toBe('nosniff')
  }
})

test('loading / and /mint, connecting the test wallet and signing in break no rule of the policy', async ({
  page,
  wallet,
}) => {
  const violations = await watchViolations(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'chainellation' })).toBeVisible()
  await page.goto('/mint')
  // The preview is drawn as a data: SVG image, which img-src allows.
  const preview = page.getByRole('img', { name: /^Preview of night sky #\d+/ })
  await expect(preview).toBeVisible()
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  // Opening the connect modal lets the wallet SDKs start (WalletConnect, Coinbase, MetaMask): their hosts too.
  await connectTestWallet(page, wallet)
  await expect(page.getByRole('banner').getByTestId('rk-account-button')).toBeVisible()
  // A violation has no event to wait for: give late starters a moment.
  await page.waitForTimeout(2000)
  expect(violations.events).toEqual([])
  expect(violations.reported).toEqual([])
})

test('the local stack raises the sign-in limits, which the API reports', async ({ page }) => {
  const res = await page.request.get('/api/auth/nonce')
  expect(res.status()).toBe(200)
  expect(res.headers()['ratelimit-policy']).toBe('10000;w=60')
})
