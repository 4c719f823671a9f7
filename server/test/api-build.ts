// The API bundled once for the tests that start it as a process of its own: they run what `npm start -w server` and
// production run (plain `node` on the bundle), and each start costs 1.9 s less CPU than under tsx, which compiles on
// every start (5.3 s against 3.4 s of CPU, PGlite's boot included). A vitest global setup; the tests find the bundle
// with `apiEntry()`.
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { buildServer } from '../scripts/build'

const serverDir = fileURLToPath(new URL('..', import.meta.url))

declare module 'vitest' {
  export interface ProvidedContext {
    apiBuild: string
  }
}

export default async function setup(project: TestProject) {
  // Directly inside the server package, as dist/ is (scripts/build.ts), and its own: a rehearsal beside the tests
  // builds into dist's neighbour of its own too, so neither replaces the other's files.
  const outdir = mkdtempSync(join(serverDir, '.build-test-'))
  await buildServer({ outdir })
  project.provide('apiBuild', outdir)
  return () => rmSync(outdir, { recursive: true, force: true })
}

/** The bundle's entry, for `spawn(process.execPath, [apiEntry()])`. */
export const apiEntry = () => join(inject('apiBuild'), 'index.js')
