import { createBrowserRouter } from 'react-router'
import { routes } from './route-table'

/** The app's router: browser history over the route table. */
export const router = createBrowserRouter(routes)
