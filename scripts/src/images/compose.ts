// compose.yaml, checked without an engine: docker-compose validates it against the Compose schema (`config --quiet`),
// with a placeholder for every setting the file requires (`${NAME:?…}`) and none from this shell or a `.env`, and every
// build it names must be a target of the Containerfile.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onPath, run } from './command'

/** The names of the stages of a Containerfile (`FROM … AS name`). */
export const stagesOf = (containerfile: string): string[] =>
  [...containerfile.matchAll(/^FROM\s+\S+\s+AS\s+([\w.-]+)\s*$/gim)].map(([, name = '']) => name)

/** The settings a compose file requires to be set (`${NAME:?message}` or `${NAME?message}`). */
export const requiredSettings = (compose: string): string[] => [
  ...new Set([...compose.matchAll(/\$\{(\w+):?\?/g)].map(([, name = '']) => name)),
]

type ComposeConfig = { services?: Record<string, { build?: { dockerfile?: string; target?: string } }> }

/** The problems of the builds a compose file (as `config` resolves it) names: each a target of the Containerfile. */
export function buildProblems(compose: ComposeConfig, containerfile: string): string[] {
  const stages = stagesOf(containerfile)
  const problems: string[] = []
  for (const [service, { build }] of Object.entries(compose.services ?? {})) {
    if (!build) continue
    if (build.dockerfile !== 'Containerfile')
      problems.push(`${service} builds from ${build.dockerfile ?? 'Dockerfile'}`)
    if (!build.target || !stages.includes(build.target))
      problems.push(`${service} builds target "${build.target ?? '(none)'}", which the Containerfile does not have`)
  }
  return problems
}

/** YAML as JSON, by the PyYAML that docker-compose itself runs on. */
const PYYAML_TO_JSON = 'import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)'

/** Validates `root`/compose.yaml; resolves with what was checked, throws with what is wrong. */
export async function checkCompose(root: string): Promise<string> {
  const file = join(root, 'compose.yaml')
  if (!existsSync(file))
    throw new Error('compose.yaml is missing at the repository root: the images have no compose file')
  if (!(await onPath('docker-compose')))
    throw new Error("docker-compose is missing: install it from Debian's packages (apt-get install docker-compose)")
  const required = requiredSettings(readFileSync(file, 'utf8'))
  const scratch = mkdtempSync(join(tmpdir(), 'chainellation-compose-'))
  const envFile = join(scratch, 'empty.env')
  writeFileSync(envFile, '')
  try {
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      ...Object.fromEntries(required.map((name) => [name, `placeholder-${name.toLowerCase()}`])),
    }
    await run('docker-compose', ['--env-file', envFile, '--file', file, 'config', '--quiet'], { cwd: root, env })
    // The file as compose reads it, anchors merged.
    const resolved = join(scratch, 'resolved.yaml')
    writeFileSync(
      resolved,
      await run('docker-compose', ['--env-file', envFile, '--file', file, 'config'], { cwd: root, env }),
    )
    const config = JSON.parse(await run('python3', ['-c', PYYAML_TO_JSON, resolved])) as ComposeConfig
    const problems = buildProblems(config, readFileSync(join(root, 'Containerfile'), 'utf8'))
    if (problems.length) throw new Error(`compose.yaml ${problems.join('; ')}`)
    const services = Object.keys(config.services ?? {})
    const builds = Object.entries(config.services ?? {}).flatMap(([name, { build }]) =>
      build ? [`${name} → ${build.target}`] : [],
    )
    return [
      `valid for the Compose schema: ${services.length} services (${services.join(', ')}), ${required.length} required settings given placeholders`,
      `builds from the Containerfile: ${builds.join(', ')}`,
    ].join('\n')
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
