// Runs drizzle-kit (arguments passed through) with drizzle-orm resolved from this package: npm hoists drizzle-kit to
// the root node_modules but installs drizzle-orm under server/node_modules, out of drizzle-kit's sight.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const bin = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs')
const hook = new URL('./drizzle-orm-hook.mjs', import.meta.url).href

const { status, error } = spawnSync(process.execPath, ['--import', hook, bin, ...process.argv.slice(2)], {
  cwd: serverDir,
  stdio: 'inherit',
  // require() honours NODE_PATH; import() goes through the hook.
  env: { ...process.env, NODE_PATH: join(serverDir, 'node_modules') },
})
if (error) throw error
process.exit(status ?? 1)
