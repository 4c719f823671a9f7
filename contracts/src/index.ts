import { chainellationAbi, decorationsAbi, skyRendererAbi } from './generated/abis.ts'
import { deployments } from './generated/deployments.ts'

export {
  calldataGas,
  FORWARDER_NAME,
  type ForwardRequestMessage,
  forwarderDomain,
  forwardRequestJson,
  forwardRequestTypes,
  prepareForwardRequest,
  requestGas,
} from './forwarder.ts'
export * from './generated/abis.ts'
export { type Constellation, constellations } from './generated/constellations.ts'
export { MULTICALL3_ADDRESS } from './multicall3.ts'
export { deployments }

/** Chains with a recorded deployment. */
export type DeployedChainId = keyof typeof deployments

/** The contract addresses on `chainId`, or undefined where the game is not deployed. */
export function getDeployment(chainId: number) {
  return (deployments as Record<number, (typeof deployments)[DeployedChainId] | undefined>)[chainId]
}

/** A name a deployment records a contract under. */
export type ContractName = keyof (typeof deployments)[DeployedChainId]['contracts']

/** The address of contract `name` on `chainId`, or undefined where it is not deployed. */
export function contractAddress(name: ContractName, chainId: number): `0x${string}` | undefined {
  return getDeployment(chainId)?.contracts[name]
}

/** The game's contracts that clients call by name, and their ABIs. */
export const gameAbis = { Chainellation: chainellationAbi, Decorations: decorationsAbi, SkyRenderer: skyRendererAbi }

export type GameContractName = keyof typeof gameAbis

/** A game contract as viem's and wagmi's calls take it. */
export type GameContract<N extends GameContractName, C extends number = number> = {
  address: `0x${string}`
  abi: (typeof gameAbis)[N]
  chainId: C
}

/** Game contract `name` on `chainId` (`{ address, abi, chainId }`), or undefined where the game is not deployed. */
export function gameContract<N extends GameContractName, C extends number>(
  name: N,
  chainId: C,
): GameContract<N, C> | undefined {
  const address = contractAddress(name, chainId)
  return address && { address, abi: gameAbis[name], chainId }
}

/** Decoration layers, as the Decorations registry numbers them. */
export const layers = { silhouette: 1, sky: 2, object: 3 } as const

/** A `mintCustom` hue argument that lets the sky choose its own hue. */
export const DEFAULT_HUE = 0xffff

/**
 * The most skies the game contract can hold, its `MAX_SUPPLY_LIMIT`: the reach of its 18-bit sky links
 * (docs/decisions/sky-storage.md). Sky ids run from 1 to this.
 */
export const MAX_SUPPLY_LIMIT = 2 ** 18 - 1
