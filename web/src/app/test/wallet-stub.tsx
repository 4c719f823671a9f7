import type { DeploymentDescriptor } from '@/lib/wallet'

/** Stands in for `@/lib/wallet` in component tests: no wagmi, no RainbowKit, nothing connected. */
export function WalletButton() {
  return <button type="button">Connect Wallet</button>
}

const fallback: DeploymentDescriptor = {
  displayName: 'chainellation',
  currency: 'eth',
  chain: 'none',
  freeDecorations: [],
  chainellationAddress: '0x0000000000000000000000000000000000000000',
  decoAddress: '0x0000000000000000000000000000000000000000',
}

export function useDeployment(): DeploymentDescriptor {
  return fallback
}
