import type { Wallet } from '@rainbow-me/rainbowkit'
import { safeWallet } from '@rainbow-me/rainbowkit/wallets'
import { createConnector } from 'wagmi'
import { safe } from 'wagmi/connectors'
import { originPatterns } from './safe-app'

/**
 * How long the app waits, inside a frame, for the parent to answer as a Safe before deciding it is not one.
 * wagmi's own default (10 ms) is shorter than a busy phone takes to pass two messages; outside a frame the
 * connector does not ask at all.
 */
export const SAFE_INFO_TIMEOUT_MS = 2000

/**
 * RainbowKit's Safe entry with wagmi's Safe connector listening only to the Safe{Wallet} origins in
 * `allowedOrigins`. Framed by one of them, wagmi's reconnect finds the Safe and connects to it with no
 * modal; RainbowKit lists it only inside a frame.
 */
export function safeAppWallet(allowedOrigins: readonly string[]): () => Wallet {
  return () => ({
    ...safeWallet(),
    createConnector: (details) =>
      createConnector((config) => ({
        ...safe({
          allowedDomains: originPatterns(allowedOrigins),
          unstable_getInfoTimeout: SAFE_INFO_TIMEOUT_MS,
        })(config),
        ...details,
      })),
  })
}
