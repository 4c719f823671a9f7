import { useSyncExternalStore } from 'react'
import { type DeploymentDescriptor, fallbackDescriptor } from '@/lib/wallet/utils/deployment-descriptor'

// The connected chain's descriptor lives outside React's tree: the wallet stack sets it once loaded, and the
// shell's header (outside the wallet stack's providers) reads it like any page does.

let current: DeploymentDescriptor = fallbackDescriptor
const listeners = new Set<() => void>()

/** Called by the wallet stack whenever the connected chain changes. */
export function setDeployment(descriptor: DeploymentDescriptor) {
  if (descriptor === current) return
  current = descriptor
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The deployment descriptor of the connected chain, re-derived whenever the chain changes; the fallback
 * descriptor before the wallet stack has loaded and with no wallet connected.
 */
export function useDeployment(): DeploymentDescriptor {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => fallbackDescriptor,
  )
}
