import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // The API bundled once, for the tests that start it as a process (src/testing/api-build.ts).
    globalSetup: ['src/testing/api-build.ts'],
    // Opening PGlite compiles its WebAssembly, and the sign-in tests start anvil.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
