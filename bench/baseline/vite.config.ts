import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The template's config, untouched: no chunking or lazy loading of our own.
export default defineConfig({
  plugins: [react()],
})
