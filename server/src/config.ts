import type { Chain } from 'viem'
import { anvil, sepolia } from 'viem/chains'
import { type ContractAddresses, contractsFor } from './contracts'
import type { Env } from './env'

/** A chain players may sign in on, and the node that checks smart-account (ERC-1271/6492) signatures there. */
export type SignInChain = { chain: Chain; rpcUrl: string }

export type AuthConfig = {
  /** Origins the web app is served from; a sign-in message's domain and URI must name one of them. */
  origins: string[]
  chains: SignInChain[]
  /** How long a nonce can be used, and the oldest a message's Issued At may be (default 10 minutes). */
  nonceTtlMs?: number
  /** How long a session lasts after sign-in (default 7 days). */
  sessionTtlMs?: number
}

/** Safe{Wallet}'s own origin: the one that frames Safe Apps unless SAFE_ORIGINS says otherwise. */
export const DEFAULT_SAFE_ORIGINS: readonly string[] = ['https://app.safe.global']

export type AppConfig = {
  /** Chain whose contract addresses /api/health reports. */
  chainId: number
  contracts: ContractAddresses
  /** Built web app to serve with SPA fallback (production); omit to serve the API only. */
  webDist?: string
  auth: AuthConfig
  /** Origins that may frame the app, as Safe{Wallet} does a Safe App (default {@link DEFAULT_SAFE_ORIGINS}). */
  safeOrigins?: readonly string[]
}

/** The app's configuration from the parsed environment: Sepolia always, the local chain when LOCAL_RPC_URL is set. */
export function configFromEnv(env: Env): AppConfig {
  const chains: SignInChain[] = [{ chain: sepolia, rpcUrl: env.SEPOLIA_RPC_URL }]
  if (env.LOCAL_RPC_URL) chains.push({ chain: anvil, rpcUrl: env.LOCAL_RPC_URL })
  return {
    chainId: env.CHAIN_ID,
    contracts: contractsFor(env.CHAIN_ID),
    webDist: env.NODE_ENV === 'production' ? env.WEB_DIST : undefined,
    auth: { origins: env.APP_ORIGINS, chains },
    safeOrigins: env.SAFE_ORIGINS,
  }
}
