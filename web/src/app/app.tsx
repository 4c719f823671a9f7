import { RouterProvider } from 'react-router'
import { WalletProviders } from '@/app/providers'
import { router } from './router'

/** Wallet context around the routed app. */
export function App() {
  return (
    <WalletProviders>
      <RouterProvider router={router} />
    </WalletProviders>
  )
}
