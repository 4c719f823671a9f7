import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getDeployment } from '@chainellation/contracts'
import { afterAll, describe, expect, it } from 'vitest'
import { indexedDeployment } from './deployment.ts'

const dir = mkdtempSync(join(tmpdir(), 'indexer-deployment-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const rehearsal = {
  chainId: 11155111,
  startBlock: 3,
  contracts: {
    Chainellation: '0x71C95911E9a5D330f4D621842EC243EE1343292e',
    Decorations: '0x948B3c65b89DF0B4894ABE91E6D02FE579834F8F',
  },
}
writeFileSync(join(dir, '11155111.json'), JSON.stringify(rehearsal))
writeFileSync(join(dir, '5.json'), JSON.stringify({ chainId: 5, startBlock: 1, contracts: {} }))

describe('indexedDeployment', () => {
  it('follows the recorded deployment when no folder is named', () => {
    expect(indexedDeployment({ INDEXER_CHAIN_ID: 31337 })).toEqual(getDeployment(31337))
  })

  it('follows the folder’s deployment of the chain when one is named', () => {
    expect(indexedDeployment({ INDEXER_CHAIN_ID: 11155111, DEPLOYMENTS_DIR: dir })).toEqual(rehearsal)
  })

  it('says what is missing', () => {
    expect(() => indexedDeployment({ INDEXER_CHAIN_ID: 1, DEPLOYMENTS_DIR: dir })).toThrow(
      /DEPLOYMENTS_DIR holds no deployment on chain 1/,
    )
    expect(() => indexedDeployment({ INDEXER_CHAIN_ID: 5, DEPLOYMENTS_DIR: dir })).toThrow(
      /is not a deployment of the game on chain 5/,
    )
    expect(() => indexedDeployment({ INDEXER_CHAIN_ID: 1 })).toThrow('the game has no recorded deployment on chain 1')
  })
})
