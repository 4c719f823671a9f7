import { NotFound } from '@/components/not-found'

/** Any address no route claims. */
export function NotFoundRoute() {
  return <NotFound />
}
