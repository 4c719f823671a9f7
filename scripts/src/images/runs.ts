// The images' processes run against a rehearsal of the production shape (scripts/src/rehearsal): the API image's
// process on the rehearsal's Postgres and indexer reader, and the indexer image as a reader of the rehearsal's schema
// and as a writer of a schema of its own, each through its image's entrypoint, user, environment and stop signal.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from '@chainellation/contracts/anvil'
import { INDEXER_SCHEMA, type Rehearsal } from '../rehearsal/rehearsal'
import { exitText } from '../runner'
import { envOf, type ImageConfig } from './buildah'
import { type ImageProcess, type InImage, runHealthcheck, startInImage, waitForAnswer } from './chroot-run'

/** How long a process may take to stop on its image's stop signal: the API's drain is 10 s by default. */
const STOP_GRACE_MS = 20_000

/** A schema of the indexer image's own writer, beside the rehearsal's writer's. */
const WRITER_SCHEMA = 'chainellation_image_check'

/** Where the rehearsal's deployment is put inside the indexer image for its processes. */
const DEPLOYMENT_DIR = '/tmp/chainellation-deployment'

export type MountedConfig = { root: string; config: ImageConfig }

/** Keeps the processes' lines for a failure's message, and hands each to `log`. */
export type Log = (source: string, line: string) => void

const defined = (env: NodeJS.ProcessEnv): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined))

/** Stops `running` with the image's stop signal; throws unless it exits by itself, well, within the grace. */
async function stopWell(running: ImageProcess, config: ImageConfig, okCodes: number[]) {
  const { exit, ms, killed } = await running.stop(STOP_GRACE_MS)
  const sig = config.StopSignal ?? 'SIGTERM'
  if (killed)
    throw new Error(`it did not stop within ${STOP_GRACE_MS / 1000} s of ${sig}:\n${running.tail().join('\n')}`)
  if (exit.code === null || !okCodes.includes(exit.code))
    throw new Error(`it exited with ${exitText(exit)} on ${sig}:\n${running.tail().join('\n')}`)
  return `stopped on ${sig} in ${ms} ms (${exitText(exit)})`
}

/** Runs the image's HEALTHCHECK inside it; throws unless it passes. */
async function healthy(at: InImage) {
  const code = await runHealthcheck(at)
  if (code !== 0) throw new Error(`its HEALTHCHECK exited with ${code}`)
}

/**
 * The API image's process with the rehearsal's API settings (its database, its indexer reader, its provider) and
 * the image's own web app: ready (database and indexer), serving the app, healthy, then drained on its stop signal.
 */
export async function runApi(image: MountedConfig, rehearsal: Rehearsal, log: Log): Promise<string> {
  const port = await freePort()
  const webDist = envOf(image.config, 'WEB_DIST')
  if (!webDist) throw new Error('the image sets no WEB_DIST')
  const env = { ...defined(rehearsal.api.env(port)), HOST: '127.0.0.1', PORT: String(port), WEB_DIST: webDist }
  const at: InImage = { ...image, env }
  const running = startInImage(at, undefined, (line) => log('api image', line))
  try {
    const base = `http://127.0.0.1:${port}`
    const ready = await waitForAnswer(`${base}/api/ready`, running, { timeoutMs: 90_000 })
    const state = JSON.parse(ready.body) as { database?: string; indexer?: string }
    if (state.database !== 'ok' || state.indexer !== 'ok') throw new Error(`/api/ready answered ${ready.body}`)
    const home = await fetch(`${base}/`, { signal: AbortSignal.timeout(5000) })
    const html = await home.text()
    if (home.status !== 200 || !/^<!doctype html>/i.test(html.trimStart()))
      throw new Error(`/ answered ${home.status} ${html.slice(0, 120)}, not the web app's page`)
    await healthy(at)
    const stopped = await stopWell(running, image.config, [0])
    return `/api/ready 200 in ${(ready.ms / 1000).toFixed(1)} s (database ok, indexer ok); / is the web app (${Math.round(html.length / 1024)} KiB); HEALTHCHECK passed; ${stopped}`
  } finally {
    await running.stop(2000)
  }
}

/** Puts the rehearsal's deployment where the indexer image's processes read it (DEPLOYMENTS_DIR). */
function placeDeployment(root: string, rehearsal: Rehearsal) {
  const dir = join(root, DEPLOYMENT_DIR)
  mkdirSync(dir, { recursive: true })
  chmodSync(dir, 0o755)
  const file = join(dir, `${rehearsal.chainId}.json`)
  writeFileSync(file, JSON.stringify(rehearsal.deployment))
  chmodSync(file, 0o644)
}

/** The indexer image's settings for the rehearsal's chain: its provider, its Postgres, its deployment. */
const indexerEnv = (rehearsal: Rehearsal, port: number, schema: string) => ({
  DATABASE_URL: rehearsal.postgresUrl,
  DATABASE_SCHEMA: schema,
  INDEXER_CHAIN_ID: String(rehearsal.chainId),
  INDEXER_RPC_URLS: rehearsal.provider.urlFor('image-check'),
  DEPLOYMENTS_DIR: DEPLOYMENT_DIR,
  PORT: String(port),
})

/**
 * The indexer image as a reader (`serve`) of the rehearsal's schema, then as a writer (its default command, `start`)
 * indexing the rehearsal's chain into a schema of its own: each ready and healthy, then stopped on its stop signal.
 */
export async function runIndexer(image: MountedConfig, rehearsal: Rehearsal, log: Log): Promise<string[]> {
  placeDeployment(image.root, rehearsal)
  const results: string[] = []

  const readerPort = await freePort()
  const reader: InImage = { ...image, env: indexerEnv(rehearsal, readerPort, INDEXER_SCHEMA) }
  const serving = startInImage(reader, ['serve', '--hostname', '127.0.0.1', '--log-format', 'json'], (line) =>
    log('indexer image (serve)', line),
  )
  try {
    const ready = await waitForAnswer(`http://127.0.0.1:${readerPort}/ready`, serving, { timeoutMs: 120_000 })
    const sync = await waitForAnswer(`http://127.0.0.1:${readerPort}/sync`, serving, { timeoutMs: 10_000 })
    await healthy(reader)
    const stopped = await stopWell(serving, image.config, [0])
    results.push(
      `serve: /ready 200 in ${(ready.ms / 1000).toFixed(1)} s on schema ${INDEXER_SCHEMA}, /sync ${sync.body.slice(0, 80)}; HEALTHCHECK passed; ${stopped}`,
    )
  } finally {
    await serving.stop(2000)
  }

  const writerPort = await freePort()
  const writer: InImage = { ...image, env: indexerEnv(rehearsal, writerPort, WRITER_SCHEMA) }
  // The image's own command, kept to this machine's loopback.
  const indexing = startInImage(writer, [...(image.config.Cmd ?? []), '--hostname', '127.0.0.1'], (line) =>
    log('indexer image (start)', line),
  )
  try {
    const ready = await waitForAnswer(`http://127.0.0.1:${writerPort}/ready`, indexing, { timeoutMs: 180_000 })
    await healthy(writer)
    const stopped = await stopWell(indexing, image.config, [0])
    results.push(
      `start: indexed the rehearsal's chain into ${WRITER_SCHEMA}, /ready 200 in ${(ready.ms / 1000).toFixed(1)} s; HEALTHCHECK passed; ${stopped}`,
    )
  } finally {
    await indexing.stop(2000)
  }
  return results
}
