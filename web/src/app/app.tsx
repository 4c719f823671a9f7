import { type DataRouter, RouterProvider } from 'react-router'

/** The routed app; the wallet stack joins beside the page once it has loaded (see `WalletRoot`). */
export function App({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />
}
