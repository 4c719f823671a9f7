import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

// Component tests (*.test.tsx) run in jsdom; everything else in plain Node. Both projects inherit the app's Vite
// config (plugins, the `@` alias) and share one Vite server, Vitest's defaults for inline projects.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          test: { name: 'node', include: ['src/**/*.test.ts', 'vite-plugins/**/*.test.ts'], environment: 'node' },
        },
        {
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
