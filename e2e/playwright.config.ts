import { defineConfig } from '@playwright/test'

// Playwright's own browser download is not used: the system Chromium runs the tests.
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export default defineConfig({
  testDir: 'tests',
  globalSetup: './support/global-setup.ts',
  // One stack for the whole run; the tests share its chain, so they run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        // Nothing leaves the machine: every host but the local stack fails to resolve.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [
    { name: 'smoke', testMatch: /\.spec\.ts$/ },
    // Only on request (`npm run screenshots -w e2e`): it rewrites the PNGs in docs/screenshots.
    ...(process.env.SCREENSHOTS ? [{ name: 'screenshots', testMatch: /screenshots\.ts$/ }] : []),
  ],
})
