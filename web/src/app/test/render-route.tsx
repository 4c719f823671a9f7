import { render } from '@testing-library/react'
import { createMemoryRouter } from 'react-router'
import { App } from '../app'
import { routes } from '../route-table'

/** Renders the whole routed app at `path` in memory; mock `@/lib/shell/wallet-stack/wallet-stack` with `./wallet-stub` first. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(<App router={router} />)
  return { router, ...view }
}
