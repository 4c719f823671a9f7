import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { islandLoadsSettled } from './src/lib/shell/lazy-island'

// Pages load lazily: the first visit to each transforms its module graph, which can take over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 })

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {}

afterEach(async () => {
  cleanup()
  // A page's wallet islands ask for their content a frame after they mount, and nothing awaits it: none may still be
  // loading once the test file's environment is gone, which Vitest reports as an error of the run.
  await islandLoadsSettled()
})

// The shell warms the wallet stack and the kit up in idle periods (web/src/lib/shell/wallet-loader/warm-up.ts). A page
// has none here unless its test gives it some: left to a timer, the warm-up would load RainbowKit into tests that are
// not about it, and finish after their page is gone.
window.requestIdleCallback = () => 0
