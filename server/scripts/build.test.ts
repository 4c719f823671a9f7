// The bundle as production runs it: built, then started under plain node with no TypeScript loader.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { freePort } from '@chainellation/contracts/anvil'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer, EXTERNAL_PACKAGES } from './build'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const FIXTURE_CHAIN = 4242
const FIXTURE_GAME = '0x00000000000000000000000000000000C0dEc0de'
const RECORDED_GAME = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'

/** Packages the entry loads as it starts: those reached from it through static imports alone. */
function loadedAtStart(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const imported of metafile.outputs[file]?.imports ?? [])
      if (imported.kind === 'import-statement') visit(imported.path)
  }
  visit(entry)
  return seen
}

describe('the production bundle', () => {
  let outdir: string
  let work: string
  let metafile: Metafile
  let api: ChildProcess | undefined

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'server-build-'))
    const deploymentsDir = join(work, 'deployments')
    mkdirSync(deploymentsDir)
    writeFileSync(
      join(deploymentsDir, 'deployments.ts'),
      [
        'export const deployments = {',
        `  ${FIXTURE_CHAIN}: { chainId: ${FIXTURE_CHAIN}, startBlock: 7, contracts: { Chainellation: '${FIXTURE_GAME}' } },`,
        '} as const',
        '',
      ].join('\n'),
    )
    outdir = mkdtempSync(join(serverDir, '.build-test-'))
    // As a deployment's build sets it.
    const previous = process.env.DEPLOYMENTS_DIR
    process.env.DEPLOYMENTS_DIR = deploymentsDir
    try {
      metafile = await buildServer({ outdir })
    } finally {
      if (previous === undefined) delete process.env.DEPLOYMENTS_DIR
      else process.env.DEPLOYMENTS_DIR = previous
    }
  }, 60_000)

  afterAll(() => {
    api?.kill('SIGKILL')
    rmSync(outdir, { recursive: true, force: true })
    rmSync(work, { recursive: true, force: true })
  })

  it('holds the deployment of DEPLOYMENTS_DIR in place of the recorded one', () => {
    const code = readdirSync(outdir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(outdir, file), 'utf8'))
      .join('\n')
    expect(code).toContain(FIXTURE_GAME)
    expect(code).not.toContain(RECORDED_GAME)
  })

  it('refuses a DEPLOYMENTS_DIR without deployments.ts rather than build with the recorded one', async () => {
    const empty = mkdtempSync(join(work, 'empty-'))
    const elsewhere = mkdtempSync(join(serverDir, '.build-test-'))
    try {
      await expect(buildServer({ outdir: elsewhere, deploymentsDir: empty })).rejects.toThrow(
        /DEPLOYMENTS_DIR has no deployments\.ts/,
      )
    } finally {
      rmSync(elsewhere, { recursive: true, force: true })
    }
  })

  it('loads neither PGlite nor the card renderer as it starts', () => {
    const entry = Object.keys(metafile.outputs).find((file) => file.endsWith('/index.js')) as string
    const atStart = loadedAtStart(metafile, entry)
    for (const name of EXTERNAL_PACKAGES) expect(atStart, name).not.toContain(name)
    // The chunk of PGlite's drizzle driver imports PGlite, and is itself imported on demand alone.
    const importers = Object.entries(metafile.outputs).filter(([, output]) =>
      output.imports.some(({ path, kind }) => path === '@electric-sql/pglite' && kind === 'import-statement'),
    )
    expect(importers.length).toBeGreaterThan(0)
    for (const [file] of importers) expect(atStart).not.toContain(file)
  })

  it('runs under plain node: migrates its database, serves its deployment and the web app', async () => {
    const web = join(work, 'web')
    mkdirSync(web)
    writeFileSync(join(web, 'index.html'), `<!doctype html><title>home</title>${'<p>night sky</p>'.repeat(200)}`)
    const port = await freePort()
    const child = spawn(process.execPath, [join(outdir, 'index.js')], {
      cwd: work,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        CHAIN_ID: String(FIXTURE_CHAIN),
        DATA_DIR: join(work, 'pglite'),
        WEB_DIST: web,
        SEPOLIA_RPC_URL: `http://127.0.0.1:${await freePort()}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    api = child
    let output = ''
    child.stdout?.on('data', (chunk) => {
      output += chunk
    })
    child.stderr?.on('data', (chunk) => {
      output += chunk
    })
    const base = `http://127.0.0.1:${port}`
    const deadline = Date.now() + 45_000
    let health: Response | undefined
    while (!health && Date.now() < deadline && child.exitCode === null) {
      health = await fetch(`${base}/api/health`).catch(() => undefined)
      if (!health) await sleep(50)
    }
    expect(health?.status, output).toBe(200)
    expect(await health?.json()).toEqual({
      ok: true,
      chainId: FIXTURE_CHAIN,
      contracts: { Chainellation: FIXTURE_GAME },
      // No RELAYER_PRIVATE_KEY: the game pays no one's gas here.
      relay: { on: false },
    })
    // The line may reach this pipe after the health answer has reached the test: wait for it rather than read it once.
    await expect.poll(() => output, { timeout: 10_000 }).toContain('(database: pglite)')
    // Drafts live in tables its migrations made: an unknown one is looked up and not found.
    const draft = await fetch(`${base}/api/drafts/AAAAAAAAAAAAAAAAAAAAAA`)
    expect(draft.status).toBe(404)
    const home = await fetch(`${base}/`, { headers: { 'Accept-Encoding': 'br' } })
    expect(home.status).toBe(200)
    expect(home.headers.get('Content-Encoding')).toBe('br')
    expect(await home.text()).toContain('<title>home</title>')
  }, 60_000)
})
