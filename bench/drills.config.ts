import { CHROMIUM_FLAGS, chromiumPath, playwrightFlagsToDrop } from '@chainellation/scripts/chromium'
import { defineConfig } from '@playwright/test'

// The drills of the production shape (`npm run chaos -- drills`): each kills or throttles a piece of a rehearsal the
// spec starts itself (docs/decisions/production.md), so this config has no global stack. One worker: the drills take a
// rehearsal's processes down in turn and measure what players meet meanwhile.
export default defineConfig({
  testDir: 'drills',
  testMatch: /\.drill\.ts$/,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: 'test-results/drills',
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_FLAGS, ignoreDefaultArgs: playwrightFlagsToDrop() },
  },
})
