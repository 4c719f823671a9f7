import { type Env, env } from './env'

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
  config: Pick<Env, 'VITE_ANALYTICS'> = env,
  doNotTrack: () => boolean = asksNotToTrack,
): Promise<boolean> {
  if (config.VITE_ANALYTICS !== 'vercel' || doNotTrack()) return false
  const { inject } = await import('@vercel/analytics')
  inject({ mode: 'production', scriptSrc: analyticsScript, beforeSend: (event) => (doNotTrack() ? null : event) })
  return true
}
