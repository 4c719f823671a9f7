import '@rainbow-me/rainbowkit/styles.css'
import { darkTheme, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { type ReactNode, useState } from 'react'
import { WagmiProvider } from 'wagmi'
import { wagmiConfig } from '../config'
import { cacheTime, createPersister, createQueryClient } from '../utils/query-client'
import { SignInProvider } from './sign-in-provider'
import { WalletSdkRelease } from './wallet-sdk-release'

const theme = darkTheme({ accentColor: '#EA8F21', accentColorForeground: '#140b02', borderRadius: 'medium' })

type Props = { children: ReactNode }

/** Wallet connection (auto-reconnect), the persisted query cache, RainbowKit and sign-in. */
export function WalletProviders({ children }: Props) {
  const [queryClient] = useState(createQueryClient)
  const [persister] = useState(() => createPersister())
  return (
    <WagmiProvider config={wagmiConfig} reconnectOnMount>
      <PersistQueryClientProvider client={queryClient} persistOptions={{ persister, maxAge: cacheTime }}>
        <SignInProvider>
          <RainbowKitProvider theme={theme} showRecentTransactions appInfo={{ appName: 'chainellation' }}>
            <WalletSdkRelease />
            {children}
          </RainbowKitProvider>
        </SignInProvider>
      </PersistQueryClientProvider>
    </WagmiProvider>
  )
}
