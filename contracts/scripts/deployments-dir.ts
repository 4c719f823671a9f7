import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The typed address module every package imports through `@chainellation/contracts`. */
export const generatedDeploymentsPath = fileURLToPath(new URL('../src/generated/deployments.ts', import.meta.url))

/**
 * The address module a build uses in place of {@link generatedDeploymentsPath}: `deployments.ts` in the folder that
 * DEPLOYMENTS_DIR names (written by `npm run deploy -w contracts -- --out <dir>`), or undefined when it is unset.
 * Throws, naming the folder, when it holds no such module.
 */
export function deploymentsOverride(env: Record<string, string | undefined> = process.env): string | undefined {
  const dir = env.DEPLOYMENTS_DIR?.trim()
  if (!dir) return undefined
  const file = join(resolve(dir), 'deployments.ts')
  if (!existsSync(file))
    throw new Error(
      `DEPLOYMENTS_DIR is ${dir}, which holds no deployments.ts: deploy with \`npm run deploy -w contracts -- --out ${dir}\` first.`,
    )
  return file
}
