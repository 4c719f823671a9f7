import { localSecondsOf, nightOf } from '@chainellation/contracts/nights'
import { CHROMIUM_FLAGS, chromiumPath, playwrightFlagsToDrop } from '@chainellation/scripts/chromium'
import type { CDPSession, Page } from '@playwright/test'
import { openConnected, signIn, signInModal } from '../support/app'
import { chainTime, mintSky, offsetWhereItIs, setChainTime } from '../support/chain'
import { expect, test } from '../support/fixtures'
import { waitForIndexer } from '../support/indexer'
import { TEST_SUBSCRIPTION_KEY, testSubscription, useTestSubscription } from '../support/push-service'

// A reminder comes when a sky's night reaches its hour by the chain's clock, so this test moves the clock: the `clock`
// project runs it alone, after every other spec (playwright.config.ts).

const DAY = 86_400

// The full browser, not the headless shell the other specs run in: the shell answers every notification permission
// "denied", whatever the context grants, so its service workers can show no notification.
test.use({
  launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_FLAGS, ignoreDefaultArgs: playwrightFlagsToDrop() },
})

/** The first unix time after `after` at which it is `local` seconds past midnight over a sky `tzOffset` east of UTC. */
const nextLocal = (after: number, tzOffset: number, local: number) =>
  after + 1 + ((local - localSecondsOf(after + 1, tzOffset) + DAY) % DAY)

type WorkerVersion = { registrationId: string; status: string; runningStatus: string }

/** The app's service worker registrations by scope, and their workers' versions, as the DevTools protocol reports them. */
async function serviceWorkers(
  page: Page,
): Promise<{ cdp: CDPSession; registrations: Map<string, string>; versions: Map<string, WorkerVersion> }> {
  const cdp = await page.context().newCDPSession(page)
  const registrations = new Map<string, string>()
  const versions = new Map<string, WorkerVersion>()
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const { scopeURL, registrationId, isDeleted } of updated) {
      if (isDeleted) registrations.delete(scopeURL)
      else registrations.set(scopeURL, registrationId)
    }
  })
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const { versionId, registrationId, status, runningStatus } of updated)
      versions.set(versionId, { registrationId, status, runningStatus })
  })
  await cdp.send('ServiceWorker.enable')
  return { cdp, registrations, versions }
}

/**
 * How each push event handed to the page's service workers ended, in order ("Success", or why not), from the browser's
 * record of push events (the DevTools protocol's BackgroundService domain): a push event ends once the promises its
 * `waitUntil` was given settle, so a notification it shows is on display by then.
 */
async function pushOutcomes(cdp: CDPSession): Promise<string[]> {
  const outcomes: string[] = []
  cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
    if (event.service !== 'pushMessaging' || event.eventName !== 'Push event completed') return
    outcomes.push(event.eventMetadata.find(({ key }) => key === 'Status')?.value ?? 'no status')
  })
  await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' })
  await cdp.send('BackgroundService.setRecording', { service: 'pushMessaging', shouldRecord: true })
  return outcomes
}

/**
 * The notifications the page's service worker shows now. Read only once no push is being shown: Chromium keeps a
 * stored notification through a read only if the platform has it on display or it was made after the read began, and
 * deletes the rest from its store. A read that falls between the worker's write and the display loses the
 * notification for good: still on display, listed by no later read.
 */
const notifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map(({ title, body, tag, icon, data }) => ({
      title,
      body,
      tag,
      icon,
      url: (data as { url?: string } | null)?.url,
    }))
  })

test('an owner turns a sky’s reminder on, and its night’s push becomes a notification that leads to the gaze', async ({
  page,
  context,
  wallet,
  stack,
  rpc,
}) => {
  // Each wait below is for the stack (the schedule plans every 2 s, the push service answers at once); the chain's
  // clock moves twice and the app's service worker starts once.
  test.setTimeout(60_000)
  const origin = new URL(stack.webUrl).origin
  const subscription = testSubscription(stack.pushServiceUrl)
  await useTestSubscription(context, subscription.json)
  await context.grantPermissions(['notifications'], { origin })

  // A sky whose night is under way: 18:50 there once the chain's clock has moved, its 19:00 reminder ten minutes off.
  const tz = offsetWhereItIs(18, await chainTime(stack))
  const skyId = await mintSky(stack, rpc, wallet.account, tz)
  await setChainTime(rpc, nextLocal(await chainTime(stack), tz, 18 * 3600 + 50 * 60))
  await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))

  // No service worker until a player asks for a reminder.
  await openConnected(page, wallet, '/stargaze')
  const card = page.getByRole('article', { name: `Night sky #${skyId}` })
  const remind = card.getByRole('switch', { name: 'Remind me' })
  await expect(remind).not.toBeChecked()
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0)

  // Signed out, the press does the browser's part and asks to sign in; the reminder is kept once signed in.
  await card.getByRole('combobox', { name: 'Remind me at, the sky’s own time' }).selectOption({ label: '19:00' })
  await remind.click()
  await expect(signInModal(page)).toBeVisible()
  await expect(card.getByRole('status')).toHaveText('Sign in to finish turning it on.')
  await signIn(page)
  await expect(card.getByRole('status')).toHaveText(
    'On this device, each night at 19:00 where the sky lives, unless you have gazed already.',
  )
  await expect(remind).toBeChecked()
  const kept = (await (await page.request.get('/api/reminders')).json()) as { reminders: unknown[] }
  expect(kept.reminders).toContainEqual({ skyId: Number(skyId), endpoint: subscription.json.endpoint, hour: 1 })
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return { script: registration.active?.scriptURL, scope: registration.scope }
  })
  expect(worker).toEqual({ script: `${origin}/sw.js`, scope: `${origin}/` })
  const { cdp, registrations, versions } = await serviceWorkers(page)
  const pushes = await pushOutcomes(cdp)
  await expect.poll(() => registrations.get(`${origin}/`)).toBeDefined()
  // Pushed to once the protocol reports its worker activated: `navigator.serviceWorker.ready` resolves while it may
  // still be activating (Service Workers, "activate" algorithm).
  const registrationId = registrations.get(`${origin}/`) ?? ''
  const activated = () =>
    [...versions.values()].some((v) => v.registrationId === registrationId && v.status === 'activated')
  await expect.poll(activated).toBe(true)

  // Its moment is ten minutes off on the chain's clock: nothing is sent.
  await page.waitForTimeout(3000)
  expect(await subscription.received()).toEqual([])

  // 19:00 there: the API sends the night's reminder to this browser's push service, encrypted for it alone.
  const at = nextLocal(await chainTime(stack), tz, 19 * 3600 + 5)
  await setChainTime(rpc, at)
  await expect.poll(async () => (await subscription.received()).length, { timeout: 20_000 }).toBe(1)
  const [message] = await subscription.received()
  if (!message) throw new Error('no message')
  const { publicKey } = (await (await page.request.get('/api/reminders/key')).json()) as { publicKey: string }
  expect(message.headers['content-encoding']).toBe('aes128gcm')
  expect(message.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`))
  const text = subscription.decrypt(message)
  const payload = JSON.parse(text) as { title: string; body: string; url: string }
  expect(payload).toEqual({
    title: `Night has fallen over sky #${skyId}`,
    body: expect.any(String),
    url: `/stargaze?gaze=${skyId}`,
    skyId: Number(skyId),
    chainId: stack.chainId,
    night: nightOf(at, tz),
  })

  // The browser hands it to the app's service worker, which shows it. The protocol hands a push over silently: the
  // test waits for the browser's word that its event ended, and failing, says what became of the worker.
  const pushed = async (data: string) => {
    const count = pushes.length + 1
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data })
    await expect
      .poll(() => pushes.length)
      .toBe(count)
      .catch((error: Error) => {
        throw new Error(`${error.message}\nThe worker's versions: ${JSON.stringify([...versions.values()])}`, {
          cause: error,
        })
      })
    expect(pushes).toEqual(Array(count).fill('Success'))
  }
  await pushed(text)
  const shown = {
    title: payload.title,
    body: payload.body,
    tag: `sky-${stack.chainId}-${skyId}`,
    icon: `${origin}/icons/icon-192.png`,
    url: payload.url,
  }
  // Read at once: without a notification centre to keep it, the browser closes it 25 s after it appears.
  expect(await notifications(page)).toEqual([shown])
  // Another reminder of the same sky replaces it rather than stacking under it.
  const next = { ...payload, title: `Night has fallen over sky #${skyId} again`, night: nightOf(at, tz) + 1 }
  await pushed(JSON.stringify(next))
  expect(await notifications(page)).toEqual([{ ...shown, title: next.title }])

  // Where the notification leads: the sky's card, its Gaze button ready under the focus.
  await page.goto(payload.url)
  await expect(card.getByRole('button', { name: 'Gaze' })).toBeFocused()
  await expect(card.getByRole('button', { name: 'Gaze' })).toBeInViewport()

  // Turned off, the API forgets it, and with no reminder left the browser's subscription ends.
  await expect(remind).toBeChecked()
  await remind.click()
  await expect(remind).not.toBeChecked()
  const left = (await (await page.request.get('/api/reminders')).json()) as { reminders: { skyId: number }[] }
  expect(left.reminders.filter((r) => r.skyId === Number(skyId))).toEqual([])
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), TEST_SUBSCRIPTION_KEY)).toBeNull()
})
