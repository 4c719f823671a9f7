import { Islands } from '@/lib/shell/island-host'

/**
 * Stands in for the wallet stack (`@/lib/shell/stack/wallet-stack`) in component tests: no wagmi, no RainbowKit,
 * nothing connected; the pages' wallet islands render their content as soon as its import resolves. The header
 * keeps the shell's own connect button.
 */
export function WalletStack(_: { slot: HTMLElement | null }) {
  return <Islands />
}
