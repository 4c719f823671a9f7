import { setPressPending } from '@/lib/early-press'
import { freshPage, loader } from '../wallet-loader/loader-state'

/**
 * For component tests: the wallet loader back to the state of a fresh page, which has fetched nothing, begun no
 * warm-up (one begun before stops) and kept no press on connect.
 */
export function freshWalletLoader() {
  Object.assign(loader, freshPage())
  setPressPending('connect', false)
  document.documentElement.removeAttribute('data-app-ready')
}
