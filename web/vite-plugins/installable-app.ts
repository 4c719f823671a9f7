import type { Plugin } from 'vite'
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa'

/** The service worker's source, relative to the project root, and the file the build writes it to. */
export const SERVICE_WORKER = { src: 'src/sw.ts', file: 'sw.js' } as const

/**
 * The Web App Manifest (W3C) that makes the app installable: on a Home Screen it opens on the player's skies, alone in
 * its window, in the night's colours (web/src/styles/global.css: --night-1 for the bar, --night-0 behind the page).
 * /manifest.json stays Safe{Wallet}'s (web/public/manifest.json), which lists the app by it.
 */
export const APP_MANIFEST = {
  id: '/',
  name: 'Chainellation',
  short_name: 'Chainellation',
  description:
    'Mint a night sky drawn entirely on chain, stargaze each night to reveal its secret constellation, and compose it with decorations.',
  lang: 'en',
  start_url: '/stargaze',
  scope: '/',
  display: 'standalone',
  theme_color: '#070b1a',
  background_color: '#03040a',
  categories: ['games'],
  // Drawn from the brand mark by web/scripts/make-icons.ts.
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} satisfies Partial<ManifestOptions>

/**
 * The dev server's service worker at the production path (/sw.js): the worker's source as Vite serves any module, to be
 * registered as a module worker (web/src/lib/reminders/push.ts). vite-plugin-pwa's own dev worker is not used, as it
 * registers itself on every page load.
 */
function devServiceWorker(): Plugin {
  return {
    name: 'chainellation:dev-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (new URL(req.url ?? '/', 'http://localhost').pathname !== `/${SERVICE_WORKER.file}`) return next()
        try {
          const result = await server.transformRequest(`/${SERVICE_WORKER.src}`)
          if (!result) return next()
          res.setHeader('Content-Type', 'text/javascript; charset=utf-8')
          res.setHeader('Cache-Control', 'no-cache')
          res.end(result.code)
        } catch (error) {
          next(error)
        }
      })
    },
  }
}

/**
 * The installable app (vite-plugin-pwa): the manifest, linked from every page the build writes (their HTML is the
 * built index.html's, see prerender.ts), and the service worker built from web/src/sw.ts. Nothing registers the worker
 * as a page loads and it precaches nothing: a page behaves as it would without one until a player turns a reminder on
 * (docs/decisions/reminders.md).
 */
export function installableApp(): Plugin[] {
  return [
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: SERVICE_WORKER.file.replace(/\.js$/, '.ts'),
      // Registered by the app itself, when a player turns a reminder on.
      injectRegister: false,
      manifest: APP_MANIFEST,
      // No precache manifest is injected: the worker serves no request.
      injectManifest: { injectionPoint: undefined, rollupFormat: 'iife' },
      devOptions: { enabled: false },
    }),
    devServiceWorker(),
  ]
}
