import type { Plugin } from 'vite'
import { APP_PATHS, ROUTES_FILE } from '../src/app/paths.ts'

/** Writes the app's page paths into the build (`routes.json`), for the API to answer any other path with 404. */
export function routesManifest(paths: readonly string[] = APP_PATHS): Plugin {
  return {
    name: 'chainellation:routes-manifest',
    apply: 'build',
    generateBundle(options) {
      // The prerender's own server build needs none.
      if (options.format !== 'es' || this.environment?.name === 'ssr') return
      this.emitFile({ type: 'asset', fileName: ROUTES_FILE, source: `${JSON.stringify({ paths }, null, 2)}\n` })
    },
  }
}
