import { env } from './env'

/** The game's community links, as configured (checked as the app is built, see `env-schema.ts`). */
export const links = { twitter: env.VITE_TWITTER_URL, discord: env.VITE_DISCORD_URL } as const
