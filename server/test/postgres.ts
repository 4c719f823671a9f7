// Not imported by the server itself.
import { createPostgresCluster, type PostgresCluster } from '@chainellation/scripts/postgres'
import { afterAll, beforeAll } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../src/db'

/**
 * Registers a test file's Postgres cluster and two API processes' databases on it, each with its own connections as
 * two processes have; the returned object is filled in before the first test.
 */
export function useTwoProcessDatabases(): { cluster: PostgresCluster; first: DatabaseHandle; second: DatabaseHandle } {
  const databases = {} as { cluster: PostgresCluster; first: DatabaseHandle; second: DatabaseHandle }
  beforeAll(async () => {
    databases.cluster = await createPostgresCluster()
    databases.first = await openDatabase({ url: databases.cluster.url })
    databases.second = await openDatabase({ url: databases.cluster.url })
  }, 120_000)
  afterAll(async () => {
    await Promise.all([databases.first?.close(), databases.second?.close()])
    await databases.cluster?.destroy()
  })
  return databases
}
