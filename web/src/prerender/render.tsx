import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router'
import { routes } from '@/app/route-table'
import { PageFallback } from '@/components/page-fallback'
import { PageTemplate } from '@/components/page-template'

/** The route table with every page standing as the loading state, for the shell's HTML. */
const shellRoutes = (table: RouteObject[]): RouteObject[] =>
  table.map(({ children, ...layout }) => ({
    ...layout,
    children: children?.map(({ children: _, lazy: __, ...page }) => ({ ...page, Component: PageFallback })),
  })) as RouteObject[]

/**
 * The HTML React renders for `path` on first load, before any script runs: the build writes it into the page so
 * the page paints at once, and the browser hydrates it. What a page reads from the chain is in its wallet islands,
 * which stand here as their fallbacks (no wallet stack runs on Node). With `shell`, the page's place holds the
 * loading state: the HTML served for every path that has no page of its own (docs/decisions/prerendering.md).
 * `template` holds what the page writes in place of what the server fills in (`PageTemplate`).
 */
export async function render(
  path: string,
  { shell = false, template = {} }: { shell?: boolean; template?: Record<string, string> } = {},
): Promise<string> {
  const handler = createStaticHandler(shell ? shellRoutes(routes) : routes)
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
      <PageTemplate value={template}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </PageTemplate>
    </StrictMode>,
  )
}
