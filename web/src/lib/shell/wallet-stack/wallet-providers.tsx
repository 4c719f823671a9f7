import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { type ReactNode, useState } from 'react'
import { WagmiProvider } from 'wagmi'
import { SignInProvider } from '@/lib/sign-in/sign-in-provider'
import { getWagmiConfig } from '@/lib/wallet/config'
import { cacheTime, createPersister, createQueryClient } from '@/lib/wallet/utils/query-client'

type Props = { children: ReactNode }

/** Wallet connection (auto-reconnect), the persisted query cache and the API session: what pages read with. */
export function WalletProviders({ children }: Props) {
  const [queryClient] = useState(createQueryClient)
  const [persister] = useState(() => createPersister())
  return (
    <WagmiProvider config={getWagmiConfig()} reconnectOnMount>
      <PersistQueryClientProvider client={queryClient} persistOptions={{ persister, maxAge: cacheTime }}>
        <SignInProvider>{children}</SignInProvider>
      </PersistQueryClientProvider>
    </WagmiProvider>
  )
}
