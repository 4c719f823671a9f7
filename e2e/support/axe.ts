import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
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

/** Runs axe on the whole page as it is now and expects no serious or critical WCAG 2.1 A/AA violation. */
export async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    // RainbowKit's modals draw a wallet's icon, and the sign-in modal's picture, as a `role="img"` box that RainbowKit
    // (2.2) gives no `alt` to and offers no prop for: we cannot name them from our side. The wallet icons sit inside
    // buttons named by the wallet's name, whose children are presentational (WAI-ARIA 1.2, button), so a screen reader
    // hears the name either way. Only unnamed images inside RainbowKit's own dialogs are left out; ours are all checked.
    .exclude('[data-rk][role="dialog"] [role="img"]:not([aria-label])')
    .analyze()
  await test.info().attach(`axe violations, ${what}`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  })
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''))
  expect(summarize(blocking), `serious or critical WCAG 2.1 A/AA violations on ${what}`).toEqual([])
}
