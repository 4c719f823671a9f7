import { env } from './env'

/** Whether the browser asks not to be tracked. */
const doNotTrack = () => navigator.doNotTrack === '1' || (window as { doNotTrack?: string }).doNotTrack === '1'

/**
 * Vercel Web Analytics when configured, with its script from the app's own origin (never a third-party
 * host) and nothing sent when the browser asks not to be tracked.
 */
export async function startAnalytics(): Promise<boolean> {
  if (env.VITE_ANALYTICS !== 'vercel' || doNotTrack()) return false
  const { inject } = await import('@vercel/analytics')
  inject({
    mode: 'production',
    scriptSrc: '/_vercel/insights/script.js',
    beforeSend: (event) => (doNotTrack() ? null : event),
  })
  return true
}
