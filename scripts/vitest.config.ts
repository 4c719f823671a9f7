import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // The lifecycle tests start the whole stack (anvil, a deploy, the API, Vite) more than once.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
})
