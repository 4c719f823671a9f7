import { setKitLoader } from '@/lib/wallet/kit-bridge'
import type { ShellLink } from '../wallet-stack/wallet-stack'
import { connectRequested, onConnectRequest, requestConnect, takeConnectRequest } from './connect-request'
import { loadWalletKit, setKitButtonShown, useWalletKit } from './load'

// The shell's loader of the wallet libraries (docs/decisions/wallet-stack-loading.md): the wallet stack and its kit,
// fetched after the page has painted (load.ts), warmed up once it has gone quiet (warm-up.ts), and a press on connect
// kept until the kit is there (connect-request.ts).

export { adoptEarlyConnect, requestConnect } from './connect-request'
export { IDLE_TIMEOUT_MS } from './idle-slices'
export { fetchWalletKit, loadWalletKit, loadWalletStack, useKitButtonShown, useWalletKit, useWalletStack } from './load'
export { warmUpWhenIdle } from './warm-up'

/**
 * Whether to load the wallet stack straight away: inside a frame (Safe{Wallet} connects by itself) or when a
 * wallet connected on an earlier visit, which reconnects on load.
 */
export function wantsWalletAtOnce(): boolean {
  if (typeof window === 'undefined') return false
  if (window.parent !== window) return true
  try {
    return localStorage.getItem('wagmi.recentConnectorId') !== null
  } catch {
    return false
  }
}

// What the loaded modules need of the loader is handed to them rather than imported back: the kit bridge gets how to
// fetch the kit, the stack and the kit get `shellLink` as a prop. Nothing the loader loads imports it.
setKitLoader({ load: () => void loadWalletKit(), requestConnect })

/** The loader's part in the wallet stack and the kit, handed to them as a prop. Constant, so they render once. */
export const shellLink: ShellLink = {
  useWalletKit,
  wantsWalletAtOnce,
  setKitButtonShown,
  connectRequested,
  takeConnectRequest,
  onConnectRequest,
}
