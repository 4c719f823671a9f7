import { type Context, Hono } from 'hono'
import { activityRoutes } from './activity.ts'
import { batchRoutes } from './batch.ts'
import { collectorRoutes } from './collectors.ts'
import { decorationRoutes } from './decorations.ts'
import { skiesRoutes } from './skies.ts'
import { syncRoutes } from './sync.ts'

// The indexer's HTTP API (Ponder serves this module's default export): the read routes of the gallery, activity and
// collectors, and `/batch`, which runs several of them in one request. What each answers is typed in json.ts.

/** A query that failed: a 503 with a sentence, and the process runs on. */
function failed(error: Error, c: Context) {
  console.error(error)
  return c.json({ error: 'The indexer could not answer this request.' }, 503)
}

/** The read routes, each on its own and as a `/batch` runs them. */
const reads = new Hono()
  .route('/', skiesRoutes)
  .route('/', activityRoutes)
  .route('/', collectorRoutes)
  .route('/', decorationRoutes)
  .route('/', syncRoutes)
  .onError(failed)

const app = new Hono().route('/', reads).route('/', batchRoutes(reads)).onError(failed)

export default app
export type IndexerApp = typeof app
