import type { ReactNode } from 'react'

/**
 * Stands in for the wallet stack (`@/lib/wallet/wallet-stack`) in component tests: no wagmi, no RainbowKit,
 * nothing connected; a page that waits for the stack renders as soon as its import resolves. The header keeps
 * the shell's own connect button.
 */
export function WalletStack({ children }: { slot: HTMLElement | null; children: ReactNode }) {
  return children
}
