// Each image read without running its service (./contents.ts): its configuration against what the API and Ponder
// need, its packages against the lockfile, its files, and, for the API, the packages and files its bundle loads at
// run time, loaded by the image's own node.
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { INDEXER_NODE_FLAGS, ponderBin } from '@chainellation/indexer/ponder-bin'
import { envOf, type ImageConfig, type MountedImage } from './buildah'
import { runInImage } from './chroot-run'
import {
  bundleRuntimeImports,
  configProblems,
  fileProblems,
  installedPackages,
  ownedProblems,
  packageProblems,
  RUNTIME_PROBE,
  typescriptFiles,
} from './contents'

/** The settings both images default to, as compose runs them. */
const PRODUCTION = { NODE_ENV: 'production' }

/** The node flags of `npm run start -w server`, which the API image's entrypoint must give node too. */
export function apiStartFlags(repository: string): string[] {
  const pkg = JSON.parse(readFileSync(join(repository, 'server/package.json'), 'utf8')) as {
    scripts: { start: string }
  }
  const flags = /\bnode\s+(.*?)\s*dist\/index\.js/.exec(pkg.scripts.start)?.[1]
  if (flags === undefined)
    throw new Error(`server/package.json's start script runs no dist/index.js: ${pkg.scripts.start}`)
  return flags.split(/\s+/).filter(Boolean)
}

const fail = (image: string, problems: string[]) => {
  if (problems.length) throw new Error(`the ${image} image ${problems.join('; ')}`)
}

/** The API image: plain node on the bundle, production packages only, its run-time imports all there. */
export async function inspectApi(repository: string, image: MountedImage, config: ImageConfig): Promise<string> {
  const webDist = envOf(config, 'WEB_DIST') ?? ''
  const app = join(image.root, 'app')
  fail('api', [
    ...configProblems(image.root, config, {
      stopSignal: 'SIGTERM',
      port: 8787,
      healthPath: '/api/health',
      entrypoint: ['node', ...apiStartFlags(repository), 'dist/index.js'],
      env: { ...PRODUCTION, HOST: '0.0.0.0', PORT: '8787', LOG_FORMAT: 'json' },
    }),
    ...(config.WorkingDir === '/app/server' ? [] : [`works in ${config.WorkingDir}, not /app/server`]),
    ...packageProblems(app, join(repository, 'package-lock.json'), ['vite', 'esbuild', 'rolldown']),
    ...fileProblems(
      image.root,
      ['app/server/dist/index.js', 'app/server/drizzle/meta/_journal.json', join(webDist, 'index.html').slice(1)],
      ['app/.env', 'app/.git', 'app/server/src', 'app/web/src', 'app/indexer'],
    ),
    ...typescriptFiles(join(app, 'server')).map((file) => `holds the TypeScript source server/${file}`),
  ])
  const imports = bundleRuntimeImports(join(app, 'server/dist'))
  if (imports.packages.length === 0) throw new Error('the api image: the bundle imports no package at run time?')
  const probe = JSON.parse(
    await runInImage({ root: image.root, config }, [
      'node',
      '--input-type=module',
      '-e',
      RUNTIME_PROBE,
      JSON.stringify(imports),
    ]),
  ) as { packages: string[]; files: number; png: number }
  const packages = installedPackages(app)
  return [
    `user node, HEALTHCHECK /api/health, STOPSIGNAL SIGTERM, EXPOSE 8787, entrypoint ${config.Entrypoint?.join(' ')}`,
    `${packages.length} packages, all production (${packages.map((p) => p.name).join(', ')}); no TypeScript, no tsx`,
    `the bundle's run-time imports load in the image: ${probe.packages.join(', ')}, ${probe.files} font files; resvg drew a ${probe.png}-byte PNG`,
  ].join('\n')
}

/** The indexer image: Ponder's command line, production packages only, its config and the writable files it needs. */
export function inspectIndexer(repository: string, image: MountedImage, config: ImageConfig): string {
  const bin = `/app/${relative(repository, ponderBin)}`
  fail('indexer', [
    ...configProblems(image.root, config, {
      stopSignal: 'SIGINT',
      port: 42069,
      healthPath: '/health',
      entrypoint: ['node', ...INDEXER_NODE_FLAGS, bin],
      env: { ...PRODUCTION, PORT: '42069' },
    }),
    ...(config.Cmd?.[0] === 'start' ? [] : [`runs ${JSON.stringify(config.Cmd)} by default, not start (the writer)`]),
    ...(config.WorkingDir === '/app/indexer' ? [] : [`works in ${config.WorkingDir}, not /app/indexer`]),
    ...packageProblems(join(image.root, 'app'), join(repository, 'package-lock.json')),
    ...fileProblems(
      image.root,
      [bin.slice(1), 'app/indexer/ponder.config.ts', 'app/indexer/ponder.schema.ts', 'app/contracts/src/index.ts'],
      ['app/.env', 'app/.git', 'app/indexer/test', 'app/server', 'app/web', 'app/node_modules/tsx'],
    ),
    ...ownedProblems(image.root, ['app/indexer/ponder-env.d.ts', 'app/indexer/.ponder', 'app/indexer/generated']),
  ])
  const packages = installedPackages(join(image.root, 'app'))
  const peers = packages.filter((p) => p.target?.startsWith('node_modules/')).map((p) => `${p.path} → ${p.target}`)
  return [
    `user node, HEALTHCHECK /health, STOPSIGNAL SIGINT, EXPOSE 42069, entrypoint ${config.Entrypoint?.join(' ')}, command ${config.Cmd?.join(' ')}`,
    `${packages.length} packages, all production in the lockfile; no tsx, no typescript`,
    ...(peers.length ? [`peers linked to Ponder's own: ${peers.join(', ')}`] : []),
  ].join('\n')
}
