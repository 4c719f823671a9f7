/** The system Chromium (Playwright's own browser download is not used), for the bench and the end-to-end tests. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** Headless-friendly flags; every host but the local machine fails to resolve, so nothing leaves it. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]
