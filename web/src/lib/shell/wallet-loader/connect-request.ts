import { setPressPending, takeEarlyPress } from '@/lib/early-press'
import { loadWalletKit } from './load'
import { loader } from './loader-state'

/** The player pressed connect before the wallet stack was there: open the connect modal once it is. */
export function requestConnect() {
  loader.connectRequested = true
  loader.connectPressedEarly = true
  // The button shows progress meanwhile.
  setPressPending('connect', true)
  void loadWalletKit()
  // The kit may have arrived and looked for a request a moment before this press, on the button it is replacing.
  for (const listener of loader.connectListeners) listener()
}

/** Calls `listener` at each connect request from now on; returns how to stop. */
export function onConnectRequest(listener: () => void): () => void {
  loader.connectListeners.add(listener)
  return () => {
    loader.connectListeners.delete(listener)
  }
}

/** Whether a connect was requested early and not yet answered. */
export const connectRequested = () => loader.connectRequested

/** Whether a connect was requested early; asking clears it. */
export function takeConnectRequest(): boolean {
  const requested = loader.connectRequested
  loader.connectRequested = false
  setPressPending('connect', false)
  return requested
}

/** Called at the app's first commit (React now sees presses): a press on connect the early script kept counts. */
export function adoptEarlyConnect() {
  if (takeEarlyPress('connect')) requestConnect()
}
