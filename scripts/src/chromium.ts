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

/** How a person's system answers the media features the suite asks for beyond Playwright's own options. */
export type SuitePreferences = {
  reducedTransparency: 'reduce' | 'no-preference'
  /** `prefers-reduced-motion`: Playwright's option, sent again because this call replaces every override. */
  reducedMotion: string
}

/** A DevTools protocol session of a page: Playwright's `CDPSession`, as much of it as this needs. */
type ProtocolSession = { send(method: 'Emulation.setEmulatedMedia', params: object): Promise<unknown> }

/**
 * Asks, as the person's system would, for less transparency (the `prefers-reduced-transparency` media feature), which
 * Playwright's options do not cover, and for motion as the page's context does. The app then draws its surfaces solid
 * instead of blurring what is behind them: without a GPU, Chromium composites that blur on the CPU in every frame, and
 * in the suite it took half of Chromium's GPU process time (docs/decisions/platform.md). The browser suite's fixtures
 * ask it of every page, and the bench's page-load measure of the pages it loads, so that both load a page alike. The
 * session must stay open: Chromium drops a session's overrides when it closes.
 */
export function emulateSuitePreferences(
  session: ProtocolSession,
  { reducedTransparency, reducedMotion }: SuitePreferences,
) {
  return session.send('Emulation.setEmulatedMedia', {
    features: [
      { name: 'prefers-reduced-transparency', value: reducedTransparency },
      { name: 'prefers-reduced-motion', value: reducedMotion },
    ],
  })
}
