import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { routes } from '../route-table'

/** Renders the whole routed app at `path` in memory; mock `@/lib/wallet/wallet-stack` with `./wallet-stub` first. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(<RouterProvider router={router} />)
  return { router, ...view }
}
