import { z } from 'zod'

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('')
  .transform((v) => v === 'true' || v === '1')

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)

/** The variables the web app reads, as Vite exposes them (strings, or absent). */
export const envSchema = z.object({
  /** WalletConnect Cloud project id; RainbowKit warns while it is the placeholder. */
  VITE_WALLETCONNECT_PROJECT_ID: z.string().trim().min(1).default('YOUR_PROJECT_ID'),
  VITE_ALCHEMY_API_KEY: optionalText,
  VITE_INFURA_API_KEY: optionalText,
  /** Offer the local anvil chain (and the local dev wallet): local development builds only. */
  VITE_LOCAL_CHAIN: flag,
  VITE_LOCAL_RPC_URL: z.url().default('http://127.0.0.1:8545'),
  VITE_TWITTER_URL: z.url().default('https://twitter.com/chainellation'),
  VITE_DISCORD_URL: z.url().default('https://discord.gg/chainellation'),
  /** `vercel` turns on Vercel Web Analytics, served from the app's own origin. */
  VITE_ANALYTICS: z.enum(['off', 'vercel']).default('off'),
})

export type Env = z.infer<typeof envSchema>

/** Parses `raw` once, failing fast with the names of the variables that are wrong. */
export function parseEnv(raw: Record<string, unknown>): Env {
  const result = envSchema.safeParse(raw)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  throw new Error(`Invalid web app configuration — ${problems.join('; ')}`)
}

export const env = parseEnv(import.meta.env)
