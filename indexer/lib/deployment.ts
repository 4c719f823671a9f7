import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { getDeployment } from '@chainellation/contracts'
import type { Address } from 'viem'
import type { IndexerEnv } from './env.ts'

export type IndexedDeployment = { chainId: number; startBlock: number; contracts: Record<string, Address> }

/**
 * The deployment the indexer follows: `<chainId>.json` in DEPLOYMENTS_DIR when it is set, else the one recorded in
 * `@chainellation/contracts`. Throws a sentence naming what is missing.
 */
export function indexedDeployment(env: Pick<IndexerEnv, 'INDEXER_CHAIN_ID' | 'DEPLOYMENTS_DIR'>): IndexedDeployment {
  const chainId = env.INDEXER_CHAIN_ID
  if (env.DEPLOYMENTS_DIR) {
    const file = join(resolve(env.DEPLOYMENTS_DIR), `${chainId}.json`)
    if (!existsSync(file)) throw new Error(`DEPLOYMENTS_DIR holds no deployment on chain ${chainId} (${file})`)
    const deployment = JSON.parse(readFileSync(file, 'utf8')) as IndexedDeployment
    if (deployment.chainId !== chainId || !deployment.contracts?.Chainellation || !deployment.contracts.Decorations)
      throw new Error(`${file} is not a deployment of the game on chain ${chainId}`)
    return deployment
  }
  const recorded = getDeployment(chainId)
  if (!recorded) throw new Error(`the game has no recorded deployment on chain ${chainId}`)
  return recorded
}
