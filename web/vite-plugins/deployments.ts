import { normalize } from 'node:path'
import { deploymentsOverride, generatedDeploymentsPath } from '@chainellation/contracts/deployments-dir'
import type { Plugin } from 'vite'

/**
 * Builds the app with the contract addresses of a deployment written elsewhere than the recorded ones (DEPLOYMENTS_DIR,
 * e.g. a rehearsal's chain): the generated address module resolves to the folder's own. Unset, nothing changes.
 */
export function deployments(env: Record<string, string | undefined> = process.env): Plugin {
  const override = deploymentsOverride(env)
  const generated = normalize(generatedDeploymentsPath)
  return {
    name: 'chainellation:deployments',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!override || !source.includes('deployments')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved && normalize(resolved.id) === generated ? override : null
    },
  }
}
