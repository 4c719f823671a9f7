import type { DataRouter } from 'react-router'
// A DOM app's RouterProvider comes from react-router/dom: it is the one wired to react-dom's flushSync (the one in
// react-router itself is for renderers without react-dom). Both entries share one build, so the links and hooks
// imported from react-router see this provider's router, in the browser and under Node (the tests) alike.
import { RouterProvider } from 'react-router/dom'

/** The routed app; the wallet stack joins beside the page once it has loaded (see `WalletRoot`). */
export function App({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />
}
