import { describe, expect, it } from 'vitest'
import { indexerEnv } from './env.ts'

describe('indexerEnv', () => {
  it('indexes the local chain through anvil’s default URL into .ponder when told nothing', () => {
    expect(indexerEnv({})).toEqual({
      INDEXER_CHAIN_ID: 31337,
      INDEXER_RPC_URLS: ['http://127.0.0.1:8545'],
      INDEXER_POLLING_MS: 1_000,
      INDEXER_PGLITE_DIR: '.ponder/pglite',
    })
  })

  it('takes distinct providers, a ceiling per URL and Postgres', () => {
    const env = indexerEnv({
      INDEXER_CHAIN_ID: '11155111',
      INDEXER_RPC_URLS: 'https://eth-sepolia.g.alchemy.com/v2/key, https://sepolia.infura.io/v3/key',
      INDEXER_RPS: '25',
      DATABASE_URL: 'postgres://indexer@db:5432/chainellation',
    })
    expect(env.INDEXER_RPC_URLS).toEqual([
      'https://eth-sepolia.g.alchemy.com/v2/key',
      'https://sepolia.infura.io/v3/key',
    ])
    expect(env.INDEXER_RPS).toBe(25)
    expect(env.DATABASE_URL).toBe('postgres://indexer@db:5432/chainellation')
  })

  it('refuses one URL listed twice, which would only multiply its share of the limiter', () => {
    expect(() => indexerEnv({ INDEXER_RPC_URLS: 'http://127.0.0.1:8545,http://127.0.0.1:8545' })).toThrow(
      'INDEXER_RPC_URLS lists the same URL twice.',
    )
  })

  it('names every bad setting', () => {
    expect(() => indexerEnv({ INDEXER_CHAIN_ID: 'sepolia', INDEXER_RPC_URLS: 'ws://node' })).toThrow(
      /INDEXER_CHAIN_ID: .*; INDEXER_RPC_URLS/,
    )
  })
})
