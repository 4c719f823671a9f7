/** Where the community links point when the build does not say. */
export const DEFAULT_LINKS = {
  twitter: 'https://twitter.com/chainellation',
  discord: 'https://discord.gg/chainellation',
} as const

/** An http(s) URL, or `fallback` for a blank one. The full configuration check is `env.ts`'s, at build time too. */
export function linkOr(value: string | undefined, fallback: string): string {
  const text = value?.trim()
  if (!text) return fallback
  try {
    const url = new URL(text)
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href
  } catch {}
  throw new Error(`Invalid web app configuration — a community link is not a URL: ${text}`)
}

/**
 * The game's community links, as configured. Read straight from the build's variables rather than through
 * `env.ts`, whose schema library would otherwise be in the shell's first download.
 */
export const links = {
  twitter: linkOr(import.meta.env.VITE_TWITTER_URL, DEFAULT_LINKS.twitter),
  discord: linkOr(import.meta.env.VITE_DISCORD_URL, DEFAULT_LINKS.discord),
} as const
