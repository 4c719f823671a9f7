import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: ['lib/**/*.test.ts', 'test/**/*.test.ts'],
    // The integration tests start anvil and Ponder, whose first build and PGlite take seconds.
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
})
