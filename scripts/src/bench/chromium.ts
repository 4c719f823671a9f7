import { existsSync } from 'node:fs'

/** The system Chromium (Playwright's own browser download is not used), for the bench and the end-to-end tests. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** Where Debian's `chromium-headless-shell` package puts the binary. */
const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'

/**
 * The system's headless shell (Chromium's "old" headless mode, Debian's `chromium-headless-shell`) when it is
 * installed, else the full Chromium. The end-to-end tests run in it: the same Blink and V8, without the full browser's
 * window machinery, it loads one of our pages for about half the CPU time (docs/decisions/platform.md), and the suite
 * is bound by CPU on two cores. The bench and Lighthouse keep the full browser, which is what people run.
 */
export function headlessShellPath() {
  if (process.env.CHROMIUM_HEADLESS_SHELL_PATH) return process.env.CHROMIUM_HEADLESS_SHELL_PATH
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : chromiumPath()
}

/** Headless-friendly flags; every host but the local machine fails to resolve, so nothing leaves it. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]
