import { RouterProvider } from 'react-router'
import { router } from './router'

/** The routed app; the wallet stack joins inside the layout once it has loaded (see `WalletRoot`). */
export function App() {
  return <RouterProvider router={router} />
}
