// Kept free of Vite and of `import.meta.env`, so that both the app's env (src/config/env.ts) and the Vite plugin
// that serves the app (safe-app.ts) read VITE_SAFE_ORIGINS by the same rules.

/** Safe{Wallet}'s own origin: the one that frames Safe Apps unless VITE_SAFE_ORIGINS says otherwise. */
export const DEFAULT_SAFE_ORIGINS: readonly string[] = ['https://app.safe.global']

/** Reads a comma-separated list of `http(s)://host[:port]` origins (a trailing `/` is allowed), without repeats. */
export function parseOrigins(value: string): string[] {
  const origins = value.split(',').map((part) => {
    const text = part.trim()
    let url: URL | undefined
    try {
      url = new URL(text)
    } catch {}
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.href !== `${url.origin}/`)
      throw new Error(`"${text}" is not an origin such as https://app.safe.global (scheme, host and port only).`)
    return url.origin
  })
  return [...new Set(origins)]
}
