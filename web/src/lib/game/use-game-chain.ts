import { type GameContract, type GameContractName, gameAbis, gameContract } from '@chainellation/contracts'
import { zeroAddress } from 'viem'
import { useAccount } from 'wagmi'
import { appChains } from '@/lib/wallet/chains'
import { type DeploymentDescriptor, descriptorFor } from '@/lib/wallet/utils/deployment-descriptor'

type AppChainId = (typeof appChains)[number]['id']

export type GameChain = {
  /** The chain the game is read from: the connected one when it is supported, else the app's default. */
  chainId: AppChainId
  descriptor: DeploymentDescriptor
  /** Whether the game's contracts exist on that chain. */
  deployed: boolean
  /**
   * The game's contracts there by name, as wagmi's reads and writes take them (`{ ...contracts.Chainellation,
   * functionName }`); at the zero address where the game is not deployed, so reads go with `enabled: deployed`.
   */
  contracts: { [N in GameContractName]: GameContract<N, AppChainId> }
}

/** Game contract `name` on `chainId`, or the same at the zero address where the game is not deployed. */
const contractOn = <N extends GameContractName>(name: N, chainId: AppChainId): GameContract<N, AppChainId> =>
  gameContract(name, chainId) ?? { address: zeroAddress, abi: gameAbis[name], chainId }

/**
 * Where to read the game: `chainId` when a page reads a given chain (a shared draft's), else the wallet's chain, or
 * the default chain for a visitor without a (supported) wallet.
 */
export function useGameChain(chainId?: number): GameChain {
  const { chain } = useAccount()
  const readChain = appChains.find((c) => c.id === (chainId ?? chain?.id)) ?? appChains[0]
  const id = readChain.id
  return {
    chainId: id,
    descriptor: descriptorFor(readChain.name),
    deployed: gameContract('Chainellation', id) !== undefined,
    contracts: {
      Chainellation: contractOn('Chainellation', id),
      Decorations: contractOn('Decorations', id),
      SkyRenderer: contractOn('SkyRenderer', id),
    },
  }
}
