import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { Islands } from '@/lib/shell/island-host'

/**
 * Stands in for the wallet stack (`@/lib/shell/wallet-stack/wallet-stack`) in component tests: no wagmi, no RainbowKit,
 * nothing connected, a query cache of its own for the islands that read the API; the pages' wallet islands render
 * their content as soon as its import resolves. The header keeps the shell's own connect button.
 */
export function WalletStack(_: { slot: HTMLElement | null }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 0 } } }))
  return (
    <QueryClientProvider client={client}>
      <Islands />
    </QueryClientProvider>
  )
}

/** The stand-in has nothing to prepare before its first render. */
export function prepareWalletStack() {}
