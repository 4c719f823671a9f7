import { IndexDownError } from './discovery-api'

/** How often a live view asks for what happened since: the product's 4 s polling interval. */
export const LIVE_INTERVAL_MS = 4000

/**
 * A read of the index is made again every few seconds while its page is visible (TanStack Query pauses the interval
 * while the tab is hidden) when it is `live`, or when the index did not answer, so the page comes back by itself.
 */
export const refetchEvery =
  (live: boolean) =>
  (query: { state: { error: unknown } }): number | false =>
    live || query.state.error instanceof IndexDownError ? LIVE_INTERVAL_MS : false
