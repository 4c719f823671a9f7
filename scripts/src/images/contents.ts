// What the check reads in each image without running it: its configuration (user, health check, stop signal, port,
// environment, entrypoint) and its files (the packages installed, which must be production dependencies in the
// lockfile and never a TypeScript loader or a build tool). Each function returns the problems it found, in words.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join, relative } from 'node:path'
import { envOf, type ImageConfig } from './buildah'
import { userOf } from './chroot-run'

/** The user every image runs as: the official Node.js image's `node`. */
const RUN_AS = { name: 'node', uid: 1000 }

/** Packages no production image may hold: TypeScript loaders and compilers, test runners, linters, migration tools. */
const NEVER = ['tsx', 'typescript', 'ts-node', 'vitest', '@biomejs/biome', 'drizzle-kit', '@chainellation/scripts']

/** Settings whose values are secrets: none may be built into an image's environment. */
const SECRET_NAME = /PASSWORD|SECRET|PRIVATE|TOKEN|API_KEY|DATABASE_URL|RPC_URL/

export type ImageExpectation = {
  stopSignal: 'SIGTERM' | 'SIGINT'
  port: number
  /** The path the HEALTHCHECK asks for. */
  healthPath: string
  /** The entrypoint, exactly. */
  entrypoint: string[]
  /** Settings the image must carry, with their values. */
  env: Record<string, string>
}

/** The problems of an image's configuration against what is expected of it. */
export function configProblems(root: string, config: ImageConfig, expected: ImageExpectation): string[] {
  const problems: string[] = []
  const user = (() => {
    try {
      return userOf(root, config)
    } catch (error) {
      problems.push((error as Error).message)
      return undefined
    }
  })()
  if (config.User !== RUN_AS.name || user?.uid !== RUN_AS.uid)
    problems.push(`runs as "${config.User ?? 'root'}" (uid ${user?.uid}), not ${RUN_AS.name} (uid ${RUN_AS.uid})`)
  const test = config.Healthcheck?.Test ?? []
  if (test[0] !== 'CMD' || test[1] !== 'node' || !test.join(' ').includes(expected.healthPath))
    problems.push(`has no HEALTHCHECK asking ${expected.healthPath} with node (found ${JSON.stringify(test)})`)
  if (config.StopSignal !== expected.stopSignal)
    problems.push(`stops with ${config.StopSignal ?? 'SIGTERM (unset)'}, not ${expected.stopSignal}`)
  if (!config.ExposedPorts?.[`${expected.port}/tcp`]) problems.push(`does not expose ${expected.port}/tcp`)
  for (const [name, value] of Object.entries(expected.env)) {
    if (envOf(config, name) !== value) problems.push(`has ${name}=${envOf(config, name) ?? '(unset)'}, not ${value}`)
  }
  for (const entry of config.Env ?? []) {
    const [name = '', value = ''] = entry.split('=', 2)
    if (SECRET_NAME.test(name) && value !== '') problems.push(`has ${name} built into its environment`)
  }
  if (JSON.stringify(config.Entrypoint) !== JSON.stringify(expected.entrypoint))
    problems.push(`has the entrypoint ${JSON.stringify(config.Entrypoint)}, not ${JSON.stringify(expected.entrypoint)}`)
  return problems
}

/** A package under node_modules; a link's `target` is where it leads, relative to the same folder. */
export type InstalledPackage = { path: string; name: string; target?: string }

/** The packages under `dir`/node_modules, nested ones included, by their path as the lockfile names them. */
export function installedPackages(dir: string): InstalledPackage[] {
  const found: InstalledPackage[] = []
  const walk = (modules: string, prefix: string) => {
    if (!existsSync(modules)) return
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue
      const names = entry.startsWith('@')
        ? readdirSync(join(modules, entry)).map((scoped) => `${entry}/${scoped}`)
        : [entry]
      for (const name of names) {
        const path = `${prefix}node_modules/${name}`
        const link = lstatSync(join(modules, name)).isSymbolicLink()
        const target = link ? relative(dir, realpathSync(join(modules, name))) : undefined
        found.push({ path, name, target })
        if (!link) walk(join(modules, name, 'node_modules'), `${path}/`)
      }
    }
  }
  walk(join(dir, 'node_modules'), '')
  return found
}

type LockEntry = { version?: string; dev?: boolean; devOptional?: boolean; link?: boolean }

/**
 * The problems of the packages installed under `appDir`: each must be in the lockfile as a production dependency
 * (npm marks what only development needs `dev`, or `devOptional` when an optional dependency also asks for it), and
 * none may be a loader or a build tool; `forbidden` adds to those. A link to another installed package is judged as
 * that package; a link to a workspace, as the lockfile's link.
 */
export function packageProblems(appDir: string, lockfile: string, forbidden: string[] = []): string[] {
  const lock = (JSON.parse(readFileSync(lockfile, 'utf8')) as { packages: Record<string, LockEntry> }).packages
  const problems: string[] = []
  for (const pkg of installedPackages(appDir)) {
    const entry = lock[pkg.target?.startsWith('node_modules/') ? pkg.target : pkg.path]
    if ([...NEVER, ...forbidden].includes(pkg.name)) problems.push(`holds ${pkg.path}, which no production image needs`)
    else if (!entry) problems.push(`holds ${pkg.path}, which the lockfile does not list there`)
    else if (entry.dev || entry.devOptional) problems.push(`holds ${pkg.path}, a development dependency`)
  }
  return problems
}

/** The problems of files that must, or must not, be in the image. */
export function fileProblems(root: string, must: string[], mustNot: string[]): string[] {
  return [
    ...must.filter((path) => !existsSync(join(root, path))).map((path) => `has no ${path}`),
    ...mustNot.filter((path) => existsSync(join(root, path))).map((path) => `holds ${path}`),
  ]
}

/** The problems of paths the image's user must be able to write (Ponder writes beside its config). */
export function ownedProblems(root: string, paths: string[]): string[] {
  return paths
    .filter((path) => !existsSync(join(root, path)) || statSync(join(root, path)).uid !== RUN_AS.uid)
    .map((path) => `${path} is not ${RUN_AS.name}'s to write`)
}

/** TypeScript sources under `dir` (declaration files aside): a plain-node image runs none. */
export function typescriptFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (path) => /\.(ts|tsx|mts|cts)$/.test(path) && !/\.d\.[mc]?ts$/.test(path),
  )
}

/**
 * What the bundle in `distDir` loads from node_modules at run time: the bare specifiers of its ES imports (esbuild
 * leaves only the external packages as such) and the font files it resolves by name.
 */
export function bundleRuntimeImports(distDir: string): { packages: string[]; files: string[] } {
  const packages = new Set<string>()
  const files = new Set<string>()
  for (const file of readdirSync(distDir).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(join(distDir, file), 'utf8')
    for (const pattern of [/\bimport\s*\(\s*"([@\w][\w@./-]*)"\s*\)/g, /\bfrom\s*"([@\w][\w@./-]*)"/g]) {
      for (const [, specifier = ''] of code.matchAll(pattern)) {
        if (!specifier.startsWith('node:') && !isBuiltin(specifier)) packages.add(specifier)
      }
    }
    for (const [, font = ''] of code.matchAll(/"(@fontsource\/[\w@./-]+\.woff2?)"/g)) files.add(font)
  }
  return { packages: [...packages].sort(), files: [...files].sort() }
}

/**
 * A script for the image's node: imports each package, resolves each file, and draws a PNG with resvg, so that the
 * native addon is known to load against the image's C library.
 */
export const RUNTIME_PROBE = `
const { packages, files } = JSON.parse(process.argv[1])
const { createRequire } = await import('node:module')
const { statSync } = await import('node:fs')
const require = createRequire(process.cwd() + '/')
for (const name of packages) await import(name)
for (const file of files) if (statSync(require.resolve(file)).size === 0) throw new Error(file + ' is empty')
let png = 0
if (packages.includes('@resvg/resvg-js')) {
  const { Resvg } = await import('@resvg/resvg-js')
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#123"/></svg>'
  png = new Resvg(svg).render().asPng().length
}
console.log(JSON.stringify({ packages, files: files.length, png }))
`
