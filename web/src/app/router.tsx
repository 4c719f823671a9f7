import { createBrowserRouter, type DataRouter, matchRoutes, type RouteObject } from 'react-router'
import { routes } from './route-table'

/**
 * The app's router: browser history over the route table. The current page's code is fetched first, so that React
 * takes over the build's HTML of that page as it is (the documented way to hydrate lazy routes).
 */
export async function createAppRouter(
  location: Pick<URL, 'pathname'> = window.location,
  create: (table: RouteObject[]) => DataRouter = createBrowserRouter,
) {
  const lazy = matchRoutes(routes, location)?.filter((match) => match.route.lazy) ?? []
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
  return create(routes)
}
