// The web app's build variables, parsed as the app is built (vite-plugins/app-env.ts): the browser gets the parsed
// values, and neither the schema nor zod runs there to read them. The API keeps its own (server/src/env.ts).
import { z } from 'zod/mini'
import { DEFAULT_SAFE_ORIGINS, parseOrigins } from '../../vite-plugins/origins.ts'

/** Where the community links point when the build does not say. */
export const DEFAULT_LINKS = {
  twitter: 'https://twitter.com/chainellation',
  discord: 'https://discord.gg/chainellation',
} as const

/** A blank value (as `.env.example` leaves them) counts as unset. */
const unsetIfBlank = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)),
    schema,
  )

const flag = unsetIfBlank(
  z.pipe(
    z.optional(z.enum(['true', 'false', '1', '0'])),
    z.transform((v) => v === 'true' || v === '1'),
  ),
)

const optionalText = unsetIfBlank(
  z.pipe(
    z.optional(z.string()),
    z.transform((v) => v?.trim()),
  ),
)

// Shared with the Vite plugin that sends the frame-ancestors header, which cannot import this module.
const origins = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    try {
      return parseOrigins(value)
    } catch (error) {
      ctx.issues.push({ code: 'custom', message: (error as Error).message, input: value })
      return z.NEVER
    }
  }),
)

/** The variables the web app reads, as Vite exposes them (strings, or absent). */
export const envSchema = z.object({
  /** WalletConnect Cloud project id; RainbowKit warns while it is the placeholder. */
  VITE_WALLETCONNECT_PROJECT_ID: unsetIfBlank(z._default(z.string().check(z.trim()), 'YOUR_PROJECT_ID')),
  /**
   * The WalletConnect relay phone wallets meet the app on (`wss://…`); unset, WalletConnect's public relay. The API's
   * WALLETCONNECT_RELAY_URL must name the same, for its Content-Security-Policy to let browsers reach it.
   */
  VITE_WALLETCONNECT_RELAY_URL: unsetIfBlank(z.optional(z.url({ protocol: /^wss?$/ }))),
  /** An operator's own Sepolia node (or a provider's URL with its key), asked before Alchemy, Infura and the public one. */
  VITE_SEPOLIA_RPC_URL: unsetIfBlank(z.optional(z.url({ protocol: /^https?$/ }))),
  VITE_ALCHEMY_API_KEY: optionalText,
  VITE_INFURA_API_KEY: optionalText,
  /** Offer the local anvil chain (and the local dev wallet): local development builds only. */
  VITE_LOCAL_CHAIN: flag,
  VITE_LOCAL_RPC_URL: unsetIfBlank(z._default(z.url(), 'http://127.0.0.1:8545')),
  /** A second node of the local chain, asked when the first fails to answer. */
  VITE_LOCAL_FALLBACK_RPC_URL: unsetIfBlank(z.optional(z.url())),
  VITE_TWITTER_URL: unsetIfBlank(z._default(z.url(), DEFAULT_LINKS.twitter)),
  VITE_DISCORD_URL: unsetIfBlank(z._default(z.url(), DEFAULT_LINKS.discord)),
  /** Origins that may frame the app, as Safe{Wallet} does a Safe App; the dev server and preview send them too. */
  VITE_SAFE_ORIGINS: unsetIfBlank(z._default(origins, [...DEFAULT_SAFE_ORIGINS])),
  /** `vercel` turns on Vercel Web Analytics, served from the app's own origin. */
  VITE_ANALYTICS: unsetIfBlank(z._default(z.enum(['off', 'vercel']), 'off')),
})

export type Env = z.output<typeof envSchema>

/** Parses `raw` once, failing fast with the names of the variables that are wrong. */
export function parseEnv(raw: Record<string, unknown>): Env {
  const result = envSchema.safeParse(raw)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  throw new Error(`Invalid web app configuration — ${problems.join('; ')}`)
}
