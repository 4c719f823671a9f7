import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

// Component tests (*.test.tsx) run in jsdom; everything else in plain Node.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: { name: 'node', include: ['src/**/*.test.ts', 'vite-plugins/**/*.test.ts'], environment: 'node' },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            include: ['src/**/*.test.tsx'],
            environment: 'jsdom',
            setupFiles: ['./vitest.setup.ts'],
          },
        },
      ],
    },
  }),
)
