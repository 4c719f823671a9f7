import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { safeApp } from './vite-plugins/safe-app'

// The dev server and the preview both forward /api to the API, so the app always calls its own origin.
const proxy = { '/api': process.env.API_URL || 'http://127.0.0.1:8787' }

export default defineConfig({
  // Safe{Wallet} frames the app: its manifest and the frame-ancestors header, from VITE_SAFE_ORIGINS in envDir.
  plugins: [react(), safeApp()],
  // One .env at the repository root serves every package; Vite exposes only its VITE_* entries.
  envDir: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // `npm start` prints the stack's URLs above Vite's output; keep them on screen.
  clearScreen: false,
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
})
