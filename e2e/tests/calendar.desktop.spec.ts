import { localSecondsOf } from '@chainellation/contracts/nights'
import ICAL from 'ical.js'
import { openConnected, signIn, signInModal } from '../support/app'
import { chainTime, mintSky, offsetWhereItIs } from '../support/chain'
import { expect, test } from '../support/fixtures'
import { waitForIndexer } from '../support/indexer'

/** The events of an iCalendar text, by a parser of RFC 5545: start, end and summary, with the alarm's trigger. */
function eventsOf(text: string) {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    return {
      start: event.startDate.toUnixTime(),
      end: event.endDate.toUnixTime(),
      summary: event.summary,
      trigger: component.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger')?.toString(),
    }
  })
}

test('a signed-in player adds their skies’ nights to a calendar by a secret link, and turns it off', async ({
  page,
  wallet,
  stack,
  rpc,
}) => {
  // A sky where it is about 20:00: tonight is open.
  const tz = offsetWhereItIs(20, await chainTime(stack))
  const skyId = await mintSky(stack, rpc, wallet.account, tz)
  await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))
  await openConnected(page, wallet, '/stargaze')
  const panel = page.getByRole('region', { name: 'Never miss a night' })
  await panel.getByRole('button', { name: 'Sign in to add them to your calendar' }).click()
  await expect(signInModal(page)).toBeVisible()
  await signIn(page)
  await panel.getByRole('button', { name: 'Add to calendar' }).click()
  const url = await panel.getByLabel('Your calendar link').inputValue()
  expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
  await expect(panel.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  )

  // What a calendar app reads by the link, with no session: the sky's nights, each beginning at 18:00 there (tonight's
  // already under way) and ending at 06:00, each with an alarm as it begins.
  const feed = await page.context().request.get(url, { headers: { cookie: '' } })
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  const events = eventsOf(await feed.text()).filter((e) => e.summary === `Night over sky #${skyId}: time to gaze`)
  // One a night for the next 14 nights, and no more nights than it has stars to reveal.
  const { starCount } = (await (await page.request.get(`/api/discovery/skies/${skyId}`)).json()) as {
    starCount: number
  }
  expect(events).toHaveLength(Math.min(14, starCount))
  const [tonight, ...later] = events
  expect(localSecondsOf(tonight?.start ?? 0, tz)).toBe(18 * 3600)
  for (const event of later) expect(localSecondsOf(event.start, tz)).toBe(18 * 3600)
  for (const event of events) {
    expect(localSecondsOf(event.end, tz)).toBe(6 * 3600)
    expect(event.trigger).toBe('PT0S')
  }

  // Turned off, the link opens nothing.
  await panel.getByRole('button', { name: 'Turn off' }).click()
  await expect(panel.getByRole('button', { name: 'Add to calendar' })).toBeVisible()
  expect((await page.context().request.get(url)).status()).toBe(404)
})
