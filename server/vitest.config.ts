import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    // The API bundled once, for the tests that start it as a process (test/api-build.ts).
    globalSetup: ['test/api-build.ts'],
    // Opening PGlite compiles its WebAssembly, and the sign-in tests start anvil.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each worker keeps one module graph for the files it runs: every app, database and process a test needs is made
    // by the test, not by importing a module. A fresh one per file took a third of the suite's CPU (alone: 155 s of
    // user and system time with it, 106 s without; 128 s wall against 88 s).
    isolate: false,
  },
})
