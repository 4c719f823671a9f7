import { type Connect, loadEnv, type Plugin } from 'vite'
import { DEFAULT_SAFE_ORIGINS, parseOrigins } from './origins.ts'

/** What Safe{Wallet} needs to read a Safe App's manifest.json from its own origin. */
export const MANIFEST_CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET',
  'Access-Control-Allow-Headers': 'X-Requested-With, content-type, Authorization',
} as const

/** The Content-Security-Policy that lets only the app itself and `origins` frame it. */
export const frameAncestors = (origins: readonly string[]) => `frame-ancestors ${["'self'", ...origins].join(' ')}`

/**
 * Serves the app in development and in `vite preview` as the API serves it in production: every response may be
 * framed only by the app itself and the Safe{Wallet} origins in VITE_SAFE_ORIGINS (read from the env files, as the
 * app reads it), and /manifest.json is readable by any origin.
 */
export function safeApp(): Plugin {
  let policy = frameAncestors(DEFAULT_SAFE_ORIGINS)

  const headers: Connect.NextHandleFunction = (req, res, next) => {
    res.setHeader('Content-Security-Policy', policy)
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/manifest.json') return next()
    for (const [name, value] of Object.entries(MANIFEST_CORS_HEADERS)) res.setHeader(name, value)
    if (req.method !== 'OPTIONS') return next()
    res.statusCode = 204
    res.end()
  }

  return {
    name: 'chainellation:safe-app',
    configResolved(config) {
      const value = loadEnv(config.mode, config.envDir, 'VITE_SAFE_ORIGINS').VITE_SAFE_ORIGINS?.trim()
      try {
        if (value) policy = frameAncestors(parseOrigins(value))
      } catch (error) {
        throw new Error(`VITE_SAFE_ORIGINS: ${(error as Error).message}`)
      }
    },
    // Put first, ahead of Vite's CORS middleware (which would answer the manifest's preflight without these
    // headers), so that every response carries the policy, an /api one unless the API sends its own.
    configureServer: (server) => {
      server.middlewares.stack.unshift({ route: '', handle: headers })
    },
    configurePreviewServer: (server) => {
      server.middlewares.stack.unshift({ route: '', handle: headers })
    },
  }
}
