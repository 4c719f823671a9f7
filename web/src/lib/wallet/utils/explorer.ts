import type { Address, Chain, Hash } from 'viem'
import { appChains } from '../chains'

type WithExplorer = Pick<Chain, 'blockExplorers'> | undefined

const explorerPage = (chain: WithExplorer, path: string) => {
  const explorer = chain?.blockExplorers?.default
  return explorer && `${explorer.url.replace(/\/$/, '')}/${path}`
}

/** The block explorer's page of transaction `hash` on `chain`; none where the chain has no explorer (the local one). */
export const explorerTxUrl = (chain: WithExplorer, hash: Hash) => explorerPage(chain, `tx/${hash}`)

/** The block explorer's page of account `address` on `chain`; none where the chain has no explorer. */
export const explorerAddressUrl = (chain: WithExplorer, address: Address) => explorerPage(chain, `address/${address}`)

/** The app's chain `chainId`, if it is one. */
export const appChain = (chainId: number): Chain | undefined => appChains.find((chain) => chain.id === chainId)
