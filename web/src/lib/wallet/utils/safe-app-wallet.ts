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
 * The wait when the parent is one of the allowed Safe{Wallet} origins, which always answers: the answer crosses two
 * pages' main threads, and while the app's own is busy loading the wallet stack it can take seconds. Given up on
 * sooner, the Safe would not connect by itself and the player would meet "Connect Wallet" inside their Safe.
 */
export const SAFE_PARENT_INFO_TIMEOUT_MS = 15_000

/** The origin of the page framing this one, where the browser tells it (`ancestorOrigins`, else the referrer). */
function parentOrigin(): string | undefined {
  if (typeof window === 'undefined' || window.parent === window) return undefined
  const ancestor = window.location.ancestorOrigins?.[0]
  if (ancestor) return ancestor
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

/** How long to wait for the parent's answer: patiently when it is an allowed Safe{Wallet}, briefly otherwise. */
export function safeInfoTimeout(allowedOrigins: readonly string[], parent = parentOrigin()): number {
  const patterns = originPatterns(allowedOrigins)
  return parent && patterns.some((pattern) => pattern.test(parent)) ? SAFE_PARENT_INFO_TIMEOUT_MS : SAFE_INFO_TIMEOUT_MS
}

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
          unstable_getInfoTimeout: safeInfoTimeout(allowedOrigins),
        })(config),
        ...details,
      })),
  })
}
