/** `vercel` turns on Vercel Web Analytics; anything else (the default, `off`) leaves it off. */
type AnalyticsConfig = { VITE_ANALYTICS?: string }

// Read straight from the build's variables: `env.ts` validates them too, but its schema library does not
// belong in the first page's download.
const buildConfig: AnalyticsConfig = { VITE_ANALYTICS: import.meta.env.VITE_ANALYTICS }

type Privacy = { doNotTrack?: string | null }

/** Whether the browser asks not to be tracked. */
export const asksNotToTrack = (nav: Privacy = navigator, win: Privacy = window as Privacy) =>
  nav.doNotTrack === '1' || win.doNotTrack === '1'

/** Where the Vercel Web Analytics script is served from: the app's own origin. */
export const analyticsScript = '/_vercel/insights/script.js'

/**
 * Vercel Web Analytics when configured, with its script from the app's own origin (never a third-party
 * host) and nothing sent when the browser asks not to be tracked.
 */
export async function startAnalytics(
  config: AnalyticsConfig = buildConfig,
  doNotTrack: () => boolean = asksNotToTrack,
): Promise<boolean> {
  if (config.VITE_ANALYTICS !== 'vercel' || doNotTrack()) return false
  const { inject } = await import('@vercel/analytics')
  inject({ mode: 'production', scriptSrc: analyticsScript, beforeSend: (event) => (doNotTrack() ? null : event) })
  return true
}
