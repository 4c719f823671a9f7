// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer, type PreviewServer, preview, type ViteDevServer } from 'vite'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

const configFile = fileURLToPath(new URL('../vite.config.ts', import.meta.url))
const publicDir = fileURLToPath(new URL('../public', import.meta.url))

const MANIFEST_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'X-Requested-With, content-type, Authorization',
}
const FRAME_ANCESTORS = "frame-ancestors 'self' https://safe.example http://localhost:3000"

const headersOf = (res: Response, names: string[]) => Object.fromEntries(names.map((n) => [n, res.headers.get(n)]))

/** The `http://127.0.0.1:<port>` a server started on port 0 listens on. */
function urlOf(server: ViteDevServer | PreviewServer) {
  const address = server.httpServer?.address()
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a port')
  return `http://127.0.0.1:${address.port}`
}

// The project's own config, so the plugin reads VITE_SAFE_ORIGINS from the environment as `npm start` does; a
// throwaway cache, so the test never touches the cache of a dev server running beside it.
let cacheDir: string
beforeAll(() => {
  cacheDir = mkdtempSync(join(tmpdir(), 'vite-cache-'))
})
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }))
afterEach(() => vi.unstubAllEnvs())

describe('the safe-app plugin', () => {
  it('serves the manifest to any origin and lets only VITE_SAFE_ORIGINS frame the dev server', async () => {
    vi.stubEnv('VITE_SAFE_ORIGINS', 'https://safe.example/, http://localhost:3000')
    const server = await createServer({
      configFile,
      cacheDir,
      logLevel: 'silent',
      server: { port: 0, watch: null, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    })
    try {
      await server.listen()
      const url = urlOf(server)

      const manifest = await fetch(`${url}/manifest.json`, { headers: { Origin: 'https://safe.example' } })
      expect(manifest.status).toBe(200)
      expect(headersOf(manifest, Object.keys(MANIFEST_CORS))).toEqual(MANIFEST_CORS)
      const body = (await manifest.json()) as { iconPath: string; icons: { src: string }[] }
      expect(body).toMatchObject({ name: 'chainellation', description: expect.stringMatching(/night sky/) })
      // Safe{Wallet} lists an app only with a name, a description and an icon it can load.
      for (const src of [body.iconPath, ...body.icons.map(({ src }) => src)]) {
        const icon = await fetch(`${url}/${src}`)
        expect(icon.status, src).toBe(200)
        expect(icon.headers.get('content-type'), src).toMatch(/^image\/svg\+xml/)
        await icon.arrayBuffer()
      }

      const preflight = await fetch(`${url}/manifest.json`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://safe.example', 'Access-Control-Request-Method': 'GET' },
      })
      expect(preflight.status).toBe(204)
      expect(headersOf(preflight, Object.keys(MANIFEST_CORS))).toEqual(MANIFEST_CORS)

      const page = await fetch(`${url}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<div id="root">')
      expect(page.headers.get('content-security-policy')).toBe(FRAME_ANCESTORS)
      expect(page.headers.get('access-control-allow-origin')).toBeNull()
      expect(manifest.headers.get('content-security-policy')).toBe(FRAME_ANCESTORS)
    } finally {
      await server.close()
    }
  })

  it('does the same in vite preview, with Safe{Wallet} alone by default', async () => {
    vi.stubEnv('VITE_SAFE_ORIGINS', '')
    // The public folder stands in for a build: it holds what this checks.
    const server = await preview({
      configFile,
      cacheDir,
      logLevel: 'silent',
      preview: { port: 0 },
      build: { outDir: publicDir },
    })
    try {
      const url = urlOf(server)
      const manifest = await fetch(`${url}/manifest.json`)
      expect(manifest.status).toBe(200)
      expect(headersOf(manifest, Object.keys(MANIFEST_CORS))).toEqual(MANIFEST_CORS)
      expect(manifest.headers.get('content-security-policy')).toBe("frame-ancestors 'self' https://app.safe.global")
      const icon = await fetch(`${url}/favicon.svg`)
      await icon.arrayBuffer()
      expect(icon.headers.get('content-security-policy')).toBe("frame-ancestors 'self' https://app.safe.global")
      expect(icon.headers.get('access-control-allow-origin')).toBeNull()
    } finally {
      await server.close()
    }
  })

  it('refuses a VITE_SAFE_ORIGINS that is not a list of origins', async () => {
    vi.stubEnv('VITE_SAFE_ORIGINS', 'https://app.safe.global/apps')
    await expect(createServer({ configFile, cacheDir, logLevel: 'silent', server: { watch: null } })).rejects.toThrow(
      'VITE_SAFE_ORIGINS: "https://app.safe.global/apps" is not an origin',
    )
  })
})
