import { chainellationAbi, decorationsAbi, decorationTokenAbi } from '@chainellation/contracts'
import { createConfig, factory, loadBalance, rateLimit } from 'ponder'
import { getAbiItem, http } from 'viem'
import { indexedDeployment } from './lib/deployment.ts'
import { indexerEnv } from './lib/env.ts'

const env = indexerEnv(process.env)
const { contracts, startBlock } = indexedDeployment(env)

// Each URL is its own provider: Ponder balances requests across them and runs one adaptive limiter per URL (from
// 20 requests/s, up while the provider keeps up, down on 429s). A plan's known ceiling caps every URL instead.
const ceiling = env.INDEXER_RPS
const rpc =
  ceiling === undefined
    ? env.INDEXER_RPC_URLS
    : loadBalance(env.INDEXER_RPC_URLS.map((url) => rateLimit(http(url), { requestsPerSecond: ceiling })))

export default createConfig({
  database: env.DATABASE_URL
    ? { kind: 'postgres', connectionString: env.DATABASE_URL }
    : { kind: 'pglite', directory: env.INDEXER_PGLITE_DIR },
  chains: {
    game: {
      id: env.INDEXER_CHAIN_ID,
      rpc,
      pollingInterval: env.INDEXER_POLLING_MS,
      // A local chain starts over on every run under the same id: a cache of its blocks would outlive it.
      disableCache: env.INDEXER_CHAIN_ID === 31337,
    },
  },
  contracts: {
    Chainellation: { chain: 'game', abi: chainellationAbi, address: contracts.Chainellation, startBlock },
    Decorations: { chain: 'game', abi: decorationsAbi, address: contracts.Decorations, startBlock },
    // Every decoration the registry lists; only the ERC-721 ones emit Transfer, a mint of which is a purchase.
    DecorationToken: {
      chain: 'game',
      abi: decorationTokenAbi,
      address: factory({
        address: contracts.Decorations,
        event: getAbiItem({ abi: decorationsAbi, name: 'DecorationRegistered' }),
        parameter: 'decoration',
      }),
      filter: { event: 'Transfer', args: { from: '0x0000000000000000000000000000000000000000' } },
      startBlock,
    },
  },
})
