import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, chromiumPath } from './chromium'

export type LighthouseRun = { score: number; lcpMs: number; tbtMs: number }

/**
 * One Lighthouse run with its default (mobile, simulated throttling) config, performance only, in a Chromium of
 * its own that is closed afterwards. Runs must not overlap: call it one at a time.
 */
export async function runLighthouse(url: string): Promise<LighthouseRun> {
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableFullPageScreenshot: true,
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const score = lhr.categories.performance?.score
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue
    const tbt = lhr.audits['total-blocking-time']?.numericValue
    if (score == null || lcp === undefined || tbt === undefined) {
      const warnings = lhr.runWarnings.join('; ')
      throw new Error(`Lighthouse gave no performance score for ${url}${warnings ? `: ${warnings}` : ''}`)
    }
    return { score: Math.round(score * 100), lcpMs: Math.round(lcp), tbtMs: Math.round(tbt) }
  } finally {
    chrome.kill()
  }
}
