import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import axe from 'axe-core'
import { expect, test } from './fixtures'

/** WCAG 2.0 and 2.1, levels A and AA: axe's rules tagged with either. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
/** A violation of these impacts fails a test; minor and moderate ones are attached to the report for review. */
const BLOCKING = new Set(['serious', 'critical'])

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations']

/** One line per element at fault: rule, impact, the element, and what axe says is wrong with it. */
function summarize(violations: Violations): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((node) => {
      const why = node.failureSummary?.split('\n').slice(1).join(' ').replace(/\s+/g, ' ').trim()
      return `${v.id} (${v.impact}) at ${node.target.join(' ')}: ${v.help}${why ? ` — ${why}` : ''}`
    }),
  )
}

/** Frames on `page` that axe's own run would leave out: those of another origin. */
function foreignFrames(page: Page): string[] {
  const { origin } = new URL(page.url())
  return page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => !/^about:(blank|srcdoc)$/.test(url) && new URL(url).origin !== origin)
}

/**
 * Loads axe into each frame of the page that does not have it yet: once a document. AxeBuilder's legacy mode evaluates
 * axe's 650 kB source in the page twice a check (once to run, once more as it injects into every frame, the page's own
 * included), which was a third of a check's CPU: 0.85 s of the machine's a check against 0.54 s with axe loaded once
 * (six checks each way, in turn, on /mint and /stargaze; docs/decisions/accessibility.md).
 */
async function loadAxe(page: Page) {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source)
  }
}

/** What AxeBuilder evaluates in each frame as its axe: nothing more, as loadAxe has given every frame axe. */
const LOADED = ';'

/** Runs axe on the whole page as it is now and expects no serious or critical WCAG 2.1 A/AA violation. */
export async function expectAccessible(page: Page, what: string) {
  // axe runs in the page itself (AxeBuilder's legacy mode), reaching the page's same-origin frames through its own
  // messages. Its default runs axe in each frame and merges the results in a blank page it opens for each check, and
  // sends axe's 500 kB source to both: a new page and two script loads a check, which took 13% of the accessibility
  // spec's CPU (docs/decisions/accessibility.md). It would reach a frame of another origin; the app has none, and a page
  // that came to have one fails here rather than going partly unchecked.
  expect(foreignFrames(page), `frames on ${what} that axe's run in the page would not check`).toEqual([])
  await loadAxe(page)
  const results = await new AxeBuilder({ page, axeSource: LOADED })
    // Only violations are read, so axe keeps one element of each passing, inapplicable or incomplete rule, not all of
    // them: the same rules run, and a check cost the page 60–110 ms less and this process up to 150 ms less
    // (docs/decisions/accessibility.md). Set before withTags, which adds to these options; this call replaces them.
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    // RainbowKit's modals draw a wallet's icon, and the sign-in modal's picture, as a `role="img"` box that RainbowKit
    // (2.2) gives no `alt` to and offers no prop for: we cannot name them from our side. The wallet icons sit inside
    // buttons named by the wallet's name, whose children are presentational (WAI-ARIA 1.2, button), so a screen reader
    // hears the name either way. Only unnamed images inside RainbowKit's own dialogs are left out; ours are all checked.
    .exclude('[data-rk][role="dialog"] [role="img"]:not([aria-label])')
    .setLegacyMode()
    .analyze()
  await test.info().attach(`axe violations, ${what}`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  })
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''))
  expect(summarize(blocking), `serious or critical WCAG 2.1 A/AA violations on ${what}`).toEqual([])
}
