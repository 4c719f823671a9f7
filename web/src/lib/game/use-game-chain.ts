import { zeroAddress } from 'viem'
import { useAccount } from 'wagmi'
import { appChains } from '@/lib/wallet/chains'
import { type DeploymentDescriptor, descriptorFor } from '@/lib/wallet/utils/deployment-descriptor'

export type GameChain = {
  /** The chain the game is read from: the connected one when it is supported, else the app's default. */
  chainId: (typeof appChains)[number]['id']
  descriptor: DeploymentDescriptor
  /** Whether the game's contracts exist on that chain. */
  deployed: boolean
}

/** Where to read the game: the wallet's chain, or the default chain for a visitor without a (supported) wallet. */
export function useGameChain(): GameChain {
  const { chain } = useAccount()
  const readChain = appChains.find((c) => c.id === chain?.id) ?? appChains[0]
  const descriptor = descriptorFor(readChain.name)
  return { chainId: readChain.id, descriptor, deployed: descriptor.chainellationAddress !== zeroAddress }
}
