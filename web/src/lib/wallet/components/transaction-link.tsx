import type { Chain, Hash } from 'viem'
import { useConfig } from 'wagmi'
import { explorerTxUrl } from '../utils/explorer'
import { shortAddress } from '../utils/short-address'

/** A sent transaction's hash, linked to the chain's explorer where it has one. */
export function TransactionLink({ chain, hash }: { chain: Chain | undefined; hash: Hash }) {
  const url = explorerTxUrl(chain, hash)
  return url ? (
    // Another site, as every external link of the app opens it: a new tab, told nothing of this one.
    <a href={url} target="_blank" rel="noopener noreferrer">
      View on {chain?.blockExplorers?.default.name}
    </a>
  ) : (
    <span title={hash}>Transaction {shortAddress(hash)}</span>
  )
}

/** `TransactionLink` for a transaction on the configured chain `chainId`. */
export function TransactionLinkOn({ chainId, hash }: { chainId: number; hash: Hash }) {
  const chain = useConfig().chains.find((c) => c.id === chainId)
  return <TransactionLink chain={chain} hash={hash} />
}
