import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router'
import { routes } from '@/app/route-table'

/**
 * The route table without its pages' code: the pages that load their code need the wallet, so `WalletRoot`
 * shows the loading state in their place here, and their modules (written for a browser) are never imported.
 * Each stands as its loading state.
 */
function withoutLazyPages(table: RouteObject[]): RouteObject[] {
  return table.map((route): RouteObject => {
    const page = route.lazy ? { lazy: undefined, Component: route.HydrateFallback } : {}
    if (route.index) return { ...route, ...page }
    return { ...route, ...page, children: route.children && withoutLazyPages(route.children) }
  })
}

/**
 * The HTML React renders for `path` on first load, before any script runs: the build writes it into the page
 * so the shell and the home page paint at once, and the browser hydrates it. A page that needs the wallet
 * renders the shell with its loading state in the main area.
 */
export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(withoutLazyPages(routes))
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')))
  if (context instanceof Response) throw new Error(`prerendering ${path}: the router answered with a redirect`)
  if (context.errors) {
    const [error] = Object.values(context.errors)
    throw new Error(`prerendering ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  const router = createStaticRouter(handler.dataRoutes, context)
  // `hydrate={false}`: no inline script with router state; the routes have no loaders, so there is none to pass.
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  )
}
