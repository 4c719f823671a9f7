// The API's job queue: pg-boss, in the API's own database (its `pgboss` schema), so that every API process on one
// Postgres works the same jobs; on the embedded database, the one process shares PGlite's connection with it.
import type { SkyJson } from '@chainellation/indexer/json'
import type { PgBoss } from 'pg-boss'
import type { DatabaseHandle } from '../db'
import type { IndexerReads } from '../discovery/routes'
import type { SkyState } from './schedule'

/** Connections one API process opens for its jobs on Postgres, besides its requests' pool. */
const JOB_CONNECTIONS = 4

/**
 * Starts pg-boss on the API's database: it installs or updates its schema (under its own lock, whichever process comes
 * first), then keeps its queues: expiring jobs whose process died (checked every few seconds) and deleting old ones.
 */
export async function startJobQueue(database: DatabaseHandle, onError: (error: unknown) => void): Promise<PgBoss> {
  const { PgBoss, fromPglite } = await import('pg-boss')
  const common = {
    schema: 'pgboss',
    // How soon a job whose process died is found (its heartbeat missed) and tried again.
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 5,
    openTelemetry: { enabled: false },
  }
  const boss = database.pglite
    ? new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' })
    : new PgBoss({
        ...common,
        connectionString: database.url,
        max: JOB_CONNECTIONS,
        application_name: 'chainellation-api-jobs',
      })
  boss.on('error', onError)
  await boss.start()
  return boss
}

/** The skies' state for the schedule, from the index (its batched reads); throws when the index does not answer. */
export const indexedSkyStates =
  (indexer: IndexerReads) =>
  async (skyIds: readonly number[]): Promise<Map<number, SkyState | null>> => {
    const answers = await Promise.all(skyIds.map((id) => indexer.get(`/skies/${id}`)))
    return new Map(
      answers.map((answer, i) => {
        const id = skyIds[i] as number
        if (answer.status === 404) return [id, null]
        if (answer.status !== 200) throw new Error(`the index answered ${answer.status} for sky ${id}`)
        const sky = JSON.parse(answer.text) as SkyJson
        return [id, { owner: sky.owner, tzOffset: sky.tzOffset, lastGazeAt: sky.lastGazeAt, completed: sky.completed }]
      }),
    )
  }
