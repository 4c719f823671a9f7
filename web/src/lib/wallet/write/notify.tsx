import { toast } from 'sonner'
import type { Chain, Hash } from 'viem'
import { ExternalLink } from '@/components/external-link'
import { safeProgressText } from '../utils/safe-app'
import { shortAddress } from '../utils/short-address'
import type { WriteUpdate } from './write-machine'

/** The block explorer's page of transaction `hash` on `chain`; none where the chain has no explorer (the local one). */
export function explorerTxUrl(chain: Pick<Chain, 'blockExplorers'> | undefined, hash: Hash): string | undefined {
  const explorer = chain?.blockExplorers?.default
  return explorer && `${explorer.url.replace(/\/$/, '')}/tx/${hash}`
}

/** A sent transaction's hash, linked to the chain's explorer where it has one. */
function TransactionLink({ chain, hash }: { chain: Chain | undefined; hash: Hash }) {
  const url = explorerTxUrl(chain, hash)
  const explorer = chain?.blockExplorers?.default.name
  return url ? (
    <ExternalLink href={url}>View on {explorer}</ExternalLink>
  ) : (
    <span title={hash}>Transaction {shortAddress(hash)}</span>
  )
}

/**
 * A notification per write, from the moment it is sent: waiting (with its Safe's signatures), confirmed or failed in
 * words, each with its hash or its explorer link. A write the player turned down, or one the simulation refused
 * before anything was sent (the page says why beside the button), gets none.
 */
export function notifyWrite({ key, state, description = 'Transaction' }: WriteUpdate, chain: Chain | undefined) {
  switch (state.status) {
    case 'pending':
      toast.loading(description, {
        id: key,
        description: state.safe ? safeProgressText(state.safe) : <TransactionLink chain={chain} hash={state.hash} />,
      })
      return
    case 'success':
      toast.success(description, { id: key, description: <TransactionLink chain={chain} hash={state.hash} /> })
      return
    case 'error':
      if (!state.hash) break
      toast.error(description, {
        id: key,
        description: (
          <>
            {state.message} <TransactionLink chain={chain} hash={state.hash} />
          </>
        ),
      })
      return
  }
  toast.dismiss(key)
}
