import { CHROMIUM_FLAGS, chromiumPath } from '@chainellation/scripts/chromium'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'

/** One run's figures: the performance score and its two key metrics, and the other three categories' scores (0–100). */
export type LighthouseRun = {
  score: number
  lcpMs: number
  tbtMs: number
  accessibility: number
  bestPractices: number
  seo: number
}

/** One run: its figures, and the audits of accessibility, best practices and SEO that did not pass (`category: id`). */
export type LighthouseResult = { run: LighthouseRun; flagged: string[] }

const CATEGORIES = { accessibility: 'accessibility', bestPractices: 'best-practices', seo: 'seo' } as const

/**
 * A run Lighthouse itself could not record (`NO_NAVSTART`, `NO_FCP`, …: its trace of the load came back incomplete),
 * whose message asks to run it again; not a figure of the page.
 */
export class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`Lighthouse: ${code} ${message}`)
  }
}

/** {@link runLighthouse}, run once more when Lighthouse could not record the first ({@link LighthouseRuntimeError}). */
export async function runLighthouseRetrying(url: string, onRetry: (error: Error) => void): Promise<LighthouseResult> {
  try {
    return await runLighthouse(url)
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) throw error
    onRetry(error)
    return runLighthouse(url)
  }
}

/**
 * One Lighthouse run with its default (mobile, simulated throttling) config, in a Chromium of its own that is closed
 * afterwards: performance, accessibility, best practices and SEO of the same load. Lighthouse runs its accessibility
 * audit (axe) once the page has loaded and the performance trace has ended, so that one load serves all four. Runs
 * must not overlap: call it one at a time.
 */
export async function runLighthouse(url: string): Promise<LighthouseResult> {
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
      onlyCategories: ['performance', ...Object.values(CATEGORIES)],
      disableFullPageScreenshot: true,
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new LighthouseRuntimeError(lhr.runtimeError.code, lhr.runtimeError.message)
    const score = lhr.categories.performance?.score
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue
    const tbt = lhr.audits['total-blocking-time']?.numericValue
    const accessibility = lhr.categories[CATEGORIES.accessibility]?.score
    const bestPractices = lhr.categories[CATEGORIES.bestPractices]?.score
    const seo = lhr.categories[CATEGORIES.seo]?.score
    if (score == null || lcp === undefined || tbt === undefined) {
      throw new Error(`Lighthouse gave no performance score for ${url}${warningsOf(lhr.runWarnings)}`)
    }
    if (accessibility == null || bestPractices == null || seo == null) {
      throw new Error(
        `Lighthouse gave no accessibility, best-practices or SEO score for ${url}${warningsOf(lhr.runWarnings)}`,
      )
    }
    const flagged = Object.values(CATEGORIES).flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        // Audits that weigh in the score and did not pass; manual and not-applicable ones weigh nothing.
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${ref.id}`),
    )
    const percent = (s: number) => Math.round(s * 100)
    return {
      run: {
        score: percent(score),
        lcpMs: Math.round(lcp),
        tbtMs: Math.round(tbt),
        accessibility: percent(accessibility),
        bestPractices: percent(bestPractices),
        seo: percent(seo),
      },
      flagged,
    }
  } finally {
    chrome.kill()
  }
}

const warningsOf = (warnings: readonly string[]) => (warnings.length ? `: ${warnings.join('; ')}` : '')
