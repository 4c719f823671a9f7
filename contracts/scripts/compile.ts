/// <reference path="./solc.d.ts" />
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

export type Artifact = { contractName: string; sourceName: string; abi: Abi; bytecode: Hex; deployedBytecode: Hex }

const root = fileURLToPath(new URL('..', import.meta.url))
const sourceDir = join(root, 'solidity')
const artifactDir = join(root, 'artifacts')
const require = createRequire(import.meta.url)

// Shared by every contract: the runtime gas this game is judged on matters more than deploy size.
export const settings = {
  optimizer: { enabled: true, runs: 10_000 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const

function listSources(dir = sourceDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return listSources(path)
    return entry.name.endsWith('.sol') ? [relative(sourceDir, path)] : []
  })
}

/** Resolves `solady/src/...` and `@openzeppelin/contracts/...` imports from node_modules. */
function findImport(path: string): { contents: string } | { error: string } {
  const parts = path.split('/')
  const pkg = path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
  try {
    const pkgDir = dirname(require.resolve(`${pkg}/package.json`))
    return { contents: readFileSync(join(pkgDir, path.slice(pkg.length + 1)), 'utf8') }
  } catch {
    return { error: `import not found: ${path}` }
  }
}

/**
 * Writes `text` to `path` aside first, then renames it into place: another process compiling or reading at the same
 * moment (npm test runs suites side by side) reads the old file or the whole new one, never half of it.
 */
export function writeAside(path: string, text: string) {
  const partial = `${path}.${process.pid}.tmp`
  writeFileSync(partial, text)
  renameSync(partial, path)
}

const pkgVersion = (name: string) => (require(`${name}/package.json`) as { version: string }).version

/** Compiles every source under `solidity/` (cached by content) and returns the artifacts by contract name. */
export async function compile(): Promise<Record<string, Artifact>> {
  const files = listSources().sort()
  const sources = Object.fromEntries(files.map((f) => [f, { content: readFileSync(join(sourceDir, f), 'utf8') }]))
  const key = createHash('sha256')
    .update(JSON.stringify({ sources, settings, deps: ['solc', 'solady', '@openzeppelin/contracts'].map(pkgVersion) }))
    .digest('hex')
  const cacheFile = join(artifactDir, 'artifacts.json')
  if (existsSync(cacheFile)) {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { key: string; artifacts: Record<string, Artifact> }
    if (cached.key === key) return cached.artifacts
  }
  const solc = (await import('solc')).default
  const input = { language: 'Solidity', sources, settings }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<
      string,
      Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
    >
  }
  // Warnings fail the build too: a shadowed name or an unused variable is a bug waiting.
  const problems = output.errors ?? []
  if (problems.length) throw new Error(`solc failed:\n${problems.map((e) => e.formattedMessage).join('\n')}`)
  const artifacts: Record<string, Artifact> = {}
  for (const sourceName of files) {
    for (const [contractName, c] of Object.entries(output.contracts[sourceName] ?? {})) {
      artifacts[contractName] = {
        contractName,
        sourceName,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      }
    }
  }
  mkdirSync(artifactDir, { recursive: true })
  writeAside(cacheFile, JSON.stringify({ key, artifacts }))
  return artifacts
}

/** Sources under `solidity/test/` serve the tests only: compiled with the rest, never deployed nor in the bindings. */
export const isTestOnly = (artifact: Artifact) => artifact.sourceName.startsWith('test/')

const camel = (name: string) => name.replace(/^I(?=[A-Z])/, 'i').replace(/^[A-Z]/, (c) => c.toLowerCase())

/** The text of `src/generated/abis.ts`: every contract's ABI as a typed `as const` export. */
export function abisModule(artifacts: Record<string, Artifact>): string {
  const names = Object.keys(artifacts)
    .filter((name) => artifacts[name].abi.length > 0 && !isTestOnly(artifacts[name]))
    .sort()
  const body = names
    .map((name) => `export const ${camel(name)}Abi = ${JSON.stringify(artifacts[name].abi)} as const`)
    .join('\n\n')
  return `// Generated by \`npm run compile -w contracts\` from solidity/. Do not edit.\n\n${body}\n`
}

export const abisPath = join(root, 'src', 'generated', 'abis.ts')

/** Compiles and refreshes the generated ABI module. */
export async function build(): Promise<Record<string, Artifact>> {
  const artifacts = await compile()
  const text = abisModule(artifacts)
  if (!existsSync(abisPath) || readFileSync(abisPath, 'utf8') !== text) writeAside(abisPath, text)
  return artifacts
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now()
  const artifacts = await build()
  const sizes = Object.values(artifacts)
    .filter((a) => a.deployedBytecode.length > 2 && !isTestOnly(a))
    .map((a) => `${a.contractName} ${(a.deployedBytecode.length - 2) / 2} B`)
  process.stdout.write(`compiled in ${((performance.now() - started) / 1000).toFixed(1)} s: ${sizes.join(', ')}\n`)
}
