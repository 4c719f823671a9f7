import { CHROMIUM_FLAGS, headlessShellPath, playwrightFlagsToDrop } from '@chainellation/scripts/chromium'
import { defineConfig } from '@playwright/test'

// Playwright's own browser download is not used: the system Chromium's headless shell runs the tests (the full browser
// where the shell is not installed; scripts/src/chromium.ts). Its flags keep every request on the machine: every
// host but the local stack fails to resolve.
const executablePath = headlessShellPath()

/** Set by test:repeat (support/repeat.ts): a failure's trace with everything in it. */
const FULL_TRACE = !!process.env.E2E_FULL_TRACE

export default defineConfig({
  testDir: 'tests',
  globalSetup: './support/global-setup.ts',
  // One stack for the whole run. Tests never depend on each other's chain state (each worker's wallet acts
  // for its own anvil account), so they run side by side: two workers suit a two-core machine.
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A passing test takes 2-15 s on two cores with both workers busy; the few that wait on purpose for longer (the
  // app's 30 s for a dropped transaction, three pages through an RPC outage) say so and set their own.
  timeout: 30_000,
  // Waits had grown to 20-120 s because the pages under test were starved: the endless animations, composited on
  // the CPU in every open page (see reducedMotion below), and the app polling the local chain every 4 s, so a mined
  // block took up to 4 s to show. With both fixed (docs/decisions/platform.md), no wait needs more than this.
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    // A failed test keeps its trace: each action with its time, arguments and outcome, and the console. Not, by
    // default, the DOM snapshot around each action (with the network log, which is recorded only with them) nor the
    // screencast frames: the snapshots cost 13% of the browsers' and runner's CPU (mint, compose, shell and gallery
    // specs on the desktop project, sampled from /proc: 69 s with them, 60 s without) and the frames 7% more. The
    // failure's screenshot and its page as an accessibility tree (error-context.md) stay; test:repeat, where a flake is
    // hunted, records everything (E2E_FULL_TRACE).
    trace: { mode: 'retain-on-failure', snapshots: FULL_TRACE, screenshots: FULL_TRACE },
    // The page as it was when the test failed, beside the trace.
    screenshot: 'only-on-failure',
    // The app's endless animations (the twinkling star field behind every page, shimmers, spinners) are composited
    // at 60 frames a second in every open page; without a GPU, Chromium's GPU process does that on the CPU, and
    // with two workers it took half the run's CPU time and starved the pages under test. The app stops them for
    // people who ask for less motion, and so do the tests; motion.desktop.spec.ts checks both preferences.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath,
      args: CHROMIUM_FLAGS,
      ignoreDefaultArgs: playwrightFlagsToDrop(),
    },
  },
  // Every page-level spec runs at a desktop and a phone width; a desktop user agent in both, as RainbowKit
  // shows injected (EIP-6963) wallets only to desktop browsers.
  projects: [
    {
      name: 'desktop',
      testMatch: /\.spec\.ts$/,
      // `*.mobile.spec.ts`: what exists on small screens only (the side menu). `*.desktop.spec.ts`: what does not
      // depend on the width, tried once. `*.clock.spec.ts`: below.
      testIgnore: /\.(mobile|clock|prod)\.spec\.ts$/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      testMatch: /\.spec\.ts$/,
      // What the phone's width changes: every page's layout and accessibility, the shell and its side menu, and the
      // mint, stargaze, compose and sky pages a player uses on a phone. Not the stack, the wallet itself, the download
      // budget, the security headers, the chain's and the wallet's faults, drafts, names, prerendered pages, previews,
      // privacy, untrusted art or the Safe: none reads the viewport, and each ran a second time for nothing, 6 of the
      // suite's 36 minutes of test time on two cores.
      testIgnore:
        /((stack|test-wallet|budget|security-headers|rpc-faults|wallet|wallet-faults|drafts|names|prerender|not-deployed|privacy|reconnect|safe-app|share-cards|untrusted-art)|\.(clock|desktop|prod))\.spec\.ts$/,
      // Nor, in the specs it runs, the tests tagged as width-free (ANY_WIDTH in support/fixtures.ts): a mint the
      // contract refuses, a rejected or a pending transaction, a wallet short of ether, a batch the wallet cannot send,
      // a decoration given away, a sky or a page not there, a sky page's data path. They ran 11 of the project's
      // tests a second time for nothing.
      grepInvert: /@any-width/,
      use: { viewport: { width: 375, height: 812 } },
    },
    // Specs that move the chain's clock forward, which would pull the ground from under tests running beside
    // them: alone, one at a time, once everything else has run. Each sets its own viewport.
    {
      name: 'clock',
      testMatch: /\.clock\.spec\.ts$/,
      dependencies: ['desktop', 'mobile'],
      fullyParallel: false,
      // One worker: `fullyParallel: false` keeps a file's tests in turn, but two files could still run side by side,
      // and one cutting the indexer (support/indexer.ts) while another restores it fails both.
      workers: 1,
      use: { viewport: { width: 1280, height: 800 } },
    },
    // The production shape (`*.prod.spec.ts`): a rehearsal of its own, started by the spec, beside the clock specs
    // once everything else has run, where one of the two workers would otherwise be idle.
    {
      name: 'rehearsal',
      testMatch: /\.prod\.spec\.ts$/,
      dependencies: ['desktop', 'mobile'],
      use: { viewport: { width: 1280, height: 800 } },
    },
    // Only on request (`npm run screenshots -w e2e`): it rewrites the PNGs in docs/screenshots.
    ...(process.env.SCREENSHOTS ? [{ name: 'screenshots', testMatch: /screenshots\.ts$/ }] : []),
  ],
})
