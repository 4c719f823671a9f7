import { existsSync, statfsSync } from 'node:fs'
import { hasRoom, MEMORY_FS, type Statfs } from './scratch'

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

/**
 * Playwright's default flags to leave out. It starts Chromium with `--disable-dev-shm-usage`, for containers whose
 * /dev/shm holds 64 MB: Chromium then keeps the shared memory its processes pass pages, frames and responses through in
 * files under /tmp. Where /tmp is a disk, every one of those pages is written back to it: in the end-to-end suite the
 * browsers' kernel time fell by a fifth, and the machine's CPU time by 8%, with the memory in /dev/shm
 * (docs/decisions/platform.md). So the flag stays only where /dev/shm is missing or has less than a gigabyte free.
 */
export function playwrightFlagsToDrop(statfs: Statfs = statfsSync) {
  return hasRoom(MEMORY_FS, 1024 ** 3, statfs) ? ['--disable-dev-shm-usage'] : []
}
