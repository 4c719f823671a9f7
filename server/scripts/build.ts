// Bundles the API (src/index.ts) into dist/ for plain `node`: one ES module and the chunks it imports on demand,
// no TypeScript loader at run time. See docs/decisions/production-build.md.
//
//   npm run build -w server                          the deployments recorded in contracts/src/generated
//   DEPLOYMENTS_DIR=/path npm run build -w server    the deployments in /path/deployments.ts instead
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { build, type Metafile, type Plugin } from 'esbuild'

const serverDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Packages the bundle imports from node_modules at run time instead of holding: resvg is a native addon, and PGlite
 * finds its WebAssembly and data files beside its own modules (`new URL('…', import.meta.url)`).
 */
export const EXTERNAL_PACKAGES = ['@resvg/resvg-js', '@electric-sql/pglite'] as const

/** The module the game's contracts are looked up in, as `@chainellation/contracts` imports it. */
const GENERATED_DEPLOYMENTS = /^\.\/generated\/deployments(?:\.ts)?$/

/**
 * Puts `deploymentsDir/deployments.ts` (as the deploy script writes it: `export const deployments = {…} as const`)
 * where `@chainellation/contracts` imports its recorded deployments, so that a bundle built for a deployment serves
 * that deployment's addresses.
 */
export function deploymentsPlugin(deploymentsDir: string): Plugin {
  const file = resolve(deploymentsDir, 'deployments.ts')
  return {
    name: 'deployments',
    setup(plugin) {
      plugin.onResolve({ filter: GENERATED_DEPLOYMENTS }, ({ importer }) => {
        if (!importer.includes(join('contracts', 'src'))) return undefined
        if (!existsSync(file)) throw new Error(`DEPLOYMENTS_DIR has no deployments.ts: ${file}`)
        return { path: file }
      })
    },
  }
}

export type BuildOptions = {
  /**
   * Where the bundle goes (default `dist/`): a folder directly inside the server package, as `src/` is, so that the
   * paths the server finds its files by (src/paths.ts) hold in the bundle too.
   */
  outdir?: string
  /** A folder whose `deployments.ts` replaces the recorded deployments (default: `DEPLOYMENTS_DIR`, if set). */
  deploymentsDir?: string
}

/** Builds the bundle; resolves with esbuild's account of what went into it. */
export async function buildServer({
  outdir = join(serverDir, 'dist'),
  deploymentsDir = process.env.DEPLOYMENTS_DIR || undefined,
}: BuildOptions = {}): Promise<Metafile> {
  if (resolve(dirname(resolve(outdir))) !== resolve(serverDir))
    throw new Error(`the bundle must go in a folder directly inside ${serverDir}, not ${outdir}`)
  await rm(outdir, { recursive: true, force: true })
  const { metafile } = await build({
    absWorkingDir: serverDir,
    entryPoints: ['src/index.ts'],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // The database driver not in use is a chunk that is never loaded (src/db/index.ts imports each on demand). Chunks
    // sit beside index.js, at the depth src/paths.ts expects.
    splitting: true,
    chunkNames: '[name]-[hash]',
    external: [...EXTERNAL_PACKAGES],
    // CommonJS dependencies call require() for Node's modules, which an ES module does not have.
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
      ].join('\n'),
    },
    sourcemap: 'linked',
    minifySyntax: true,
    metafile: true,
    logLevel: 'warning',
    plugins: deploymentsDir ? [deploymentsPlugin(deploymentsDir)] : [],
  })
  return metafile
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `--outdir <folder>`: a folder directly inside the server package other than dist/ (a rehearsal's own build).
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } })
  const outdir = values.outdir ? resolve(values.outdir) : undefined
  const metafile = await buildServer({ outdir })
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'))
  const bytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0)
  const deployments = process.env.DEPLOYMENTS_DIR ? ` with the deployments in ${process.env.DEPLOYMENTS_DIR}` : ''
  process.stdout.write(
    `server: bundled into ${outdir ? relative(serverDir, outdir) : 'dist'}/ (${outputs.length} files, ${Math.round(bytes / 1024)} KiB)${deployments}\n`,
  )
}
