// `npm run check:images` (docs/decisions/images.md): builds the Containerfile's two targets here, checks what each
// image holds and how it is configured, runs each image's process against a rehearsal of the production shape, and
// validates compose.yaml. Needs root (buildah's storage, chroot, mount), buildah, nginx (the rehearsal's), and
// docker-compose; debootstrap too when the base image must be stood in for. Exits 1 when anything failed.
//
//   npm run check:images               (--verbose prints every line the builds and the images' processes print)
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { type Rehearsal, startRehearsal } from '../rehearsal/rehearsal'
import { formatDuration } from '../report'
import { accent, bold, dim } from '../term'
import { ensureBaseImage } from './base-image'
import { buildTarget, type ImageConfig, imageSize, inspectImage, type MountedImage, mountImage } from './buildah'
import { stopImageProcesses, systemMounts } from './chroot-run'
import { onPath } from './command'
import { checkCompose } from './compose'
import { inspectApi, inspectIndexer } from './inspect'
import { runApi, runIndexer } from './runs'

const repository = fileURLToPath(new URL('../../..', import.meta.url))
const { values } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } })
const write = (text: string) => process.stdout.write(`${text}\n`)
const say = (line: string) => write(dim(`… ${line}`))
const verbose = (source: string, line: string) => {
  if (values.verbose) write(dim(`[${source}] ${line}`))
}

const TARGETS = { api: 'chainellation-api', indexer: 'chainellation-indexer' } as const
type Target = keyof typeof TARGETS

type Result = { name: string; status: 'passed' | 'failed' | 'skipped'; ms: number; detail: string }
const results: Result[] = []

/** What must be undone however the run ends: processes, mounts, working containers, the rehearsal. */
const cleanups = new Set<() => Promise<unknown>>()
async function cleanUp() {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup)
    await cleanup().catch((error: Error) => write(`chainellation: cleaning up failed: ${error.message}`))
  }
}
const aborted = new AbortController()
for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(name, () => {
    write(`chainellation: ${name}: stopping and cleaning up`)
    aborted.abort()
    void stopImageProcesses(5000)
      .then(cleanUp)
      .then(() => process.exit(1))
  })
}

/** Runs one step, timed; its failure is recorded and reported, and the run goes on with what does not need it. */
async function step<T>(name: string, work: () => Promise<{ value: T; detail: string }>): Promise<T | undefined> {
  say(name)
  const started = Date.now()
  try {
    const { value, detail } = await work()
    const ms = Date.now() - started
    results.push({ name, status: 'passed', ms, detail })
    write(`${accent('✓')} ${bold(name)} ${dim(formatDuration(ms))}\n${indent(detail)}`)
    return value
  } catch (error) {
    const ms = Date.now() - started
    const detail = error instanceof Error ? error.message : String(error)
    results.push({ name, status: 'failed', ms, detail })
    write(`✗ ${bold(name)} FAILED ${dim(formatDuration(ms))}\n${indent(detail)}`)
    return undefined
  }
}

const skip = (name: string, reason: string) => {
  results.push({ name, status: 'skipped', ms: 0, detail: reason })
  write(`- ${bold(name)} skipped: ${reason}`)
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')

/** Mounts `image` for `work`, and unmounts it and removes its working container whatever happens. */
async function withMounted<T>(image: string, work: (mounted: MountedImage) => Promise<T>, system = false): Promise<T> {
  const mounted = await mountImage(image)
  const release = mounted.release
  cleanups.add(release)
  let undoSystem: (() => Promise<void>) | undefined
  try {
    if (system) {
      undoSystem = await systemMounts(mounted.root)
      cleanups.add(undoSystem)
    }
    return await work(mounted)
  } finally {
    if (undoSystem) {
      cleanups.delete(undoSystem)
      await undoSystem()
    }
    cleanups.delete(release)
    await release()
  }
}

/** The extra CA certificates this Node trusts (an intercepting proxy's), lent to the builds' npm as a secret. */
const buildSecrets = () => {
  const bundle = process.env.NODE_EXTRA_CA_CERTS
  return bundle && existsSync(bundle) ? [`id=ca-certificates,src=${bundle}`] : []
}

async function build(target: Target) {
  return step(`build ${target}`, async () => {
    await buildTarget(target, TARGETS[target], {
      context: repository,
      secrets: buildSecrets(),
      onLine: (line) => {
        if (values.verbose) verbose(`build ${target}`, line)
        else if (/^\[\d+\/\d+\] STEP 1\/\d+: FROM/.test(line)) say(`  ${line}`)
      },
    })
    return { value: true, detail: `${TARGETS[target]}: ${await imageSize(TARGETS[target])}` }
  })
}

async function preflight(): Promise<string | undefined> {
  if (process.getuid?.() !== 0)
    return 'run it as root: buildah keeps its images in root storage, and chroot and mount need root'
  for (const tool of ['buildah', 'chroot', 'mount']) {
    if (!(await onPath(tool)))
      return `${tool} is missing: install it from your system's packages (apt-get install ${tool})`
  }
  return undefined
}

async function main() {
  const started = Date.now()
  write(accent('chainellation: building the production images and running them against a rehearsal'))
  const unmet = await preflight()
  if (unmet) {
    write(`chainellation: ${unmet}`)
    process.exit(1)
  }
  const base = await step('base image', async () => {
    const image = await ensureBaseImage(say)
    const kind = image.standIn
      ? `a STAND-IN${image.built ? ' built just now' : ''} (Debian packages and this Node.js 24), not the official image`
      : 'from local storage'
    return { value: image, detail: `${image.name}: ${kind}, ${await imageSize(image.name)}` }
  })
  await step('compose.yaml', async () => ({ value: true, detail: await checkCompose(repository) }))

  const built = { api: false, indexer: false }
  for (const target of ['api', 'indexer'] as const) {
    if (!base) skip(`build ${target}`, 'no base image')
    else built[target] = (await build(target)) === true
  }
  const configs = {
    api: built.api ? await inspectImage(TARGETS.api) : undefined,
    indexer: built.indexer ? await inspectImage(TARGETS.indexer) : undefined,
  }
  const { api, indexer } = configs
  if (api)
    await step('api image', async () => ({
      value: true,
      detail: await withMounted(TARGETS.api, (m) => inspectApi(repository, m, api)),
    }))
  else skip('api image', 'not built')
  if (indexer)
    await step('indexer image', async () => ({
      value: true,
      detail: await withMounted(TARGETS.indexer, async (m) => inspectIndexer(repository, m, indexer)),
    }))
  else skip('indexer image', 'not built')

  await runAgainstRehearsal(configs)
  await cleanUp()
  summary(Date.now() - started, base?.standIn ?? false)
}

/** Starts a rehearsal and runs each built image's process against it. */
async function runAgainstRehearsal(configs: { api?: ImageConfig; indexer?: ImageConfig }) {
  const names = ['api image against the rehearsal', 'indexer image against the rehearsal']
  if (!configs.api && !configs.indexer) {
    for (const name of ['rehearsal', ...names]) skip(name, 'no image built')
    return
  }
  const rehearsal = await step<Rehearsal>('rehearsal', async () => {
    // Short blocks: the indexer image's writer catches up with the chain within seconds.
    const r = await startRehearsal({
      blockSeconds: 2,
      signal: aborted.signal,
      log: (source, line) => (source === 'rehearsal' ? say(`  ${line}`) : verbose(source, line)),
    })
    cleanups.add(() => r.stop())
    return {
      value: r,
      detail: `Postgres, a Sepolia-like chain behind the provider stand-in, the indexer's writer and reader, two API processes, nginx: ${r.url}`,
    }
  })
  const { api, indexer } = configs
  if (!rehearsal) for (const name of names) skip(name, 'no rehearsal')
  else {
    if (api)
      await step(names[0] as string, async () => ({
        value: true,
        detail: await withMounted(TARGETS.api, (m) => runApi({ root: m.root, config: api }, rehearsal, verbose), true),
      }))
    if (indexer)
      await step(names[1] as string, async () => ({
        value: true,
        detail: (
          await withMounted(
            TARGETS.indexer,
            (m) => runIndexer({ root: m.root, config: indexer }, rehearsal, verbose),
            true,
          )
        ).join('\n'),
      }))
  }
}

function summary(ms: number, standIn: boolean) {
  const width = Math.max(...results.map((r) => r.name.length))
  write('')
  write(bold('check:images'))
  for (const r of results)
    write(`  ${r.name.padEnd(width)}  ${r.status.padEnd(7)}  ${formatDuration(r.ms).padStart(10)}`)
  const failed = results.filter((r) => r.status === 'failed')
  write(`  ${'total'.padEnd(width)}  ${failed.length ? 'failed ' : 'passed '}  ${formatDuration(ms).padStart(10)}`)
  if (standIn)
    write(
      dim('  The images were built on a stand-in of node:24-slim: build them on the official image before shipping.'),
    )
  if (failed.length) {
    write(`chainellation: check:images failed: ${failed.map((r) => r.name).join(', ')}`)
    process.exit(1)
  }
  // Nothing is left to wait for: sockets the checks' requests kept alive must not hold the exit.
  process.exit(0)
}

main().catch(async (error: Error) => {
  write(`chainellation: check:images stopped: ${error.stack ?? error.message}`)
  await cleanUp()
  process.exit(1)
})
