// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_MANIFEST, SERVICE_WORKER } from './installable-app'

const root = new URL('../', import.meta.url)
const configFile = fileURLToPath(new URL('vite.config.ts', root))
const text = (path: string) => readFileSync(new URL(path, root), 'utf8')

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`

describe('the Web App Manifest', () => {
  it('names icons that are in the build, each a PNG of the size it says', () => {
    for (const icon of APP_MANIFEST.icons) {
      const png = readFileSync(new URL(`public${icon.src}`, root))
      expect(png.subarray(1, 4).toString('latin1'), icon.src).toBe('PNG')
      expect(pngSize(png), icon.src).toBe(icon.sizes)
    }
    expect(APP_MANIFEST.icons.filter((icon) => icon.purpose === 'maskable')).toHaveLength(1)
  })

  it('takes the pages’ colours: the bar the pages ask for, the night behind them', () => {
    expect(text('index.html')).toContain(`<meta name="theme-color" content="${APP_MANIFEST.theme_color}" />`)
    const css = text('src/styles/global.css')
    expect(css).toContain(`--night-1: ${APP_MANIFEST.theme_color};`)
    expect(css).toContain(`--night-0: ${APP_MANIFEST.background_color};`)
  })
})

describe('the dev server', () => {
  let cacheDir: string
  beforeAll(() => {
    cacheDir = mkdtempSync(join(tmpdir(), 'vite-cache-'))
  })
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }))

  it('serves the service worker at its production path, and registers it on no page', async () => {
    const server = await createServer({
      configFile,
      cacheDir,
      logLevel: 'silent',
      server: { port: 0, watch: null, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    })
    try {
      await server.listen()
      const address = server.httpServer?.address()
      if (!address || typeof address === 'string') throw new Error('the server is not listening on a port')
      const url = `http://127.0.0.1:${address.port}`
      const worker = await fetch(`${url}/${SERVICE_WORKER.file}`)
      expect(worker.status).toBe(200)
      expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      const source = await worker.text()
      expect(source).toContain('self.addEventListener("push"')
      expect(source).toContain('from "/src/lib/reminders/push-message.ts"')
      const page = await (await fetch(`${url}/stargaze`)).text()
      expect(page).not.toMatch(/serviceWorker|register-dev-sw|registerSW/)
    } finally {
      await server.close()
    }
  })
})
