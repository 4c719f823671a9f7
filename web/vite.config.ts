import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { appEnv } from './vite-plugins/app-env.ts'
import { deployments } from './vite-plugins/deployments.ts'
import { installableApp } from './vite-plugins/installable-app.ts'
import { leanKit } from './vite-plugins/lean-kit.ts'
import { leanViem } from './vite-plugins/lean-viem.ts'
import { preloadFonts } from './vite-plugins/preload-fonts.ts'
import { prerender } from './vite-plugins/prerender.ts'
import { routesManifest } from './vite-plugins/routes-manifest.ts'
import { safeApp } from './vite-plugins/safe-app.ts'
import { startAfterPaint } from './vite-plugins/start-after-paint.ts'

// The dev server and the preview both forward /api to the API, so the app always calls its own origin.
const proxy = { '/api': process.env.API_URL || 'http://127.0.0.1:8787' }

// The game areas get their own page, drawn whole but for what it reads from the chain (its wallet islands stand as
// their loading state); any other path gets the shell, whose main area shows the loading state until the browser
// renders the page.
const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html', hydrate: true },
  { path: '/mint', file: 'mint.html', hydrate: true, module: 'src/features/mint/index.ts' },
  { path: '/stargaze', file: 'stargaze.html', hydrate: true, module: 'src/app/routes/stargaze-route.tsx' },
  { path: '/compose', file: 'compose.html', hydrate: true, module: 'src/app/routes/compose-route.tsx' },
  // What everyone does: the page's frame paints at once, what it reads from the index fills in.
  { path: '/activity', file: 'activity.html', hydrate: true, module: 'src/features/activity/index.ts' },
  { path: '/leaderboard', file: 'leaderboard.html', hydrate: true, module: 'src/app/routes/leaderboard-route.tsx' },
  // A sky's page, for the API to write each sky's number in (server/src/web-pages.ts): this one, the largest, appears
  // nowhere else in the page.
  { path: '/sky/9007199254740991', file: '_sky.html', hydrate: true, module: 'src/app/routes/sky-route.tsx' },
  // The same with the sky's picture, which the API writes in when it could read the sky as it served the page.
  {
    path: '/sky/9007199254740991',
    file: '_sky-picture.html',
    hydrate: true,
    module: 'src/app/routes/sky-route.tsx',
    template: { skyPicture: 'data:image/svg+xml;base64,U0tZLVBJQ1RVUkU=' },
  },
  // Any path: only the header's current link depends on it, and it names no area.
  { path: '/shell', file: 'shell.html', hydrate: false, shell: true },
]

export default defineConfig({
  // Safe{Wallet} frames the app: its manifest and the frame-ancestors header, from VITE_SAFE_ORIGINS in envDir.
  // The build writes the home page's HTML, and the shell of every other page, so they paint before any script runs;
  // the app's script is fetched once they have.
  plugins: [
    // The contract addresses of DEPLOYMENTS_DIR's deployment when it is set (a rehearsal's chain), else the recorded ones.
    deployments(),
    // The build variables, parsed here rather than in the browser.
    appEnv(),
    react(),
    // RainbowKit without the public actions and ENS tables it never runs here, its pictures when the player reaches.
    leanKit(),
    // viem's multicall without Multicall3's bytecode, which only a deployless multicall sends.
    leanViem(),
    safeApp(),
    // The Web App Manifest and the service worker that shows reminders, registered only when a player asks for one.
    ...installableApp(),
    startAfterPaint('src/boot.js', {
      atStart: ['react-dom/client'],
      onConnect: ['src/lib/shell/wallet-stack/wallet-stack.tsx', 'src/lib/shell/wallet-stack/wallet-kit.tsx'],
    }),
    // The two fonts of the first paint (latin only, the page's language), whose files the stylesheet names.
    preloadFonts(['inter-latin-wght-normal', 'kdam-thmor-pro-latin-400-normal']),
    prerender({ entry: 'src/prerender/render.tsx', pages: PRERENDERED_PAGES }),
    // The pages' paths, for the API to answer any other with 404 (src/app/paths.ts).
    routesManifest(),
  ],
  // One .env at the repository root serves every package; Vite exposes only its VITE_* entries.
  envDir: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // `npm start` prints the stack's URLs above Vite's output; keep them on screen.
  clearScreen: false,
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  // Modulepreload links for the entry's imports only (the boot script adds them once the page has painted), none for
  // what a dynamic import brings: adding the wallet stack's thirty at once held the main thread ~35 ms (140 ms on a
  // phone-class CPU) as a page fetched it; the browser finds them in the chunks instead (docs/decisions/first-use.md).
  build: { modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) } },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
})
