import { type ContractName, contractAddress } from '@chainellation/contracts'
import { type Address, zeroAddress } from 'viem'

/** What the app needs to know about the game on one chain: its contracts, name and currency. */
export type DeploymentDescriptor = {
  chainellationAddress: Address
  decoAddress: Address
  displayName: string
  currency: string
  chain: string
  /** Decorations every sky may wear without a token; empty where the game is not deployed. */
  freeDecorations: readonly Address[]
}

const freeDecorationNames: readonly ContractName[] = ['RollingHills', 'CrescentMoon', 'Telescope']

/** Addresses from the generated deployments for `chainId`, zero where the game is not deployed. */
function addressesOn(chainId: number) {
  return {
    chainellationAddress: contractAddress('Chainellation', chainId) ?? zeroAddress,
    decoAddress: contractAddress('Decorations', chainId) ?? zeroAddress,
    freeDecorations: freeDecorationNames.flatMap((name) => contractAddress(name, chainId) ?? []),
  }
}

/** The fallback, used when no chain is connected or the chain is unknown. */
export const fallbackDescriptor: DeploymentDescriptor = {
  ...addressesOn(0),
  displayName: 'chainellation',
  currency: 'eth',
  chain: 'none',
}

/** Descriptors by the chain's name in lower case (viem's `chain.name`), plus the local chain. */
export const descriptors: Record<string, DeploymentDescriptor> = {
  ethereum: { ...addressesOn(1), displayName: 'ethellation', currency: 'eth', chain: 'ethereum' },
  polygon: { ...addressesOn(137), displayName: 'polyellation', currency: 'matic', chain: 'polygon' },
  // Sepolia's ether is test ether, and wallets and explorers call it SEP.
  sepolia: { ...addressesOn(11_155_111), displayName: 'sepollation', currency: 'sep', chain: 'sepolia' },
  local: { ...addressesOn(31_337), displayName: 'localellation', currency: 'eth', chain: 'local' },
  chainellation: fallbackDescriptor,
}

/** The descriptor for a connected chain's name (any case), or the fallback. */
export function descriptorFor(chainName: string | undefined): DeploymentDescriptor {
  return (chainName && descriptors[chainName.toLowerCase()]) || fallbackDescriptor
}
