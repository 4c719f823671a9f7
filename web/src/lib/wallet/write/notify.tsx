import type { toast as Toast } from 'sonner'
import type { Chain } from 'viem'
import { TransactionLink } from '../components/transaction-link'
import { safeProgressText } from '../utils/safe-app'
import { toasterReady, wantToaster } from './toaster'
import type { WriteUpdate } from './write-state'

/**
 * A notification per write, from the moment it is sent: waiting (with its Safe's signatures), confirmed or failed in
 * words, each with its hash or its explorer link. A write the player turned down, or one the simulation refused
 * before anything was sent (the page says why beside the button), gets none. Sonner is fetched with a page's first
 * write (see toaster.tsx); the updates wait for it in order.
 */
export function notifyWrite(update: WriteUpdate, chain: Chain | undefined) {
  wantToaster()
  void toasterReady.then(({ toast }) => show(toast, update, chain))
}

function show(toast: typeof Toast, { key, state, description = 'Transaction' }: WriteUpdate, chain: Chain | undefined) {
  switch (state.status) {
    case 'pending':
      toast.loading(description, {
        id: key,
        description: state.safe ? safeProgressText(state.safe) : <TransactionLink chain={chain} hash={state.hash} />,
      })
      return
    case 'success':
      // Longer than sonner's 4 s: time to follow the explorer link.
      toast.success(description, {
        id: key,
        duration: 8000,
        description: <TransactionLink chain={chain} hash={state.hash} />,
      })
      return
    case 'error':
      if (!state.hash) break
      // A failure stays until the player closes it: it says what did not happen, and they may not be looking.
      toast.error(description, {
        id: key,
        duration: Number.POSITIVE_INFINITY,
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
