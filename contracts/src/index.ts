import { deployments } from './generated/deployments.ts'

export * from './generated/abis.ts'
export { type Constellation, constellations } from './generated/constellations.ts'
export { deployments }

/** Chains with a recorded deployment. */
export type DeployedChainId = keyof typeof deployments

/** The contract addresses on `chainId`, or undefined where the game is not deployed. */
export function getDeployment(chainId: number) {
  return (deployments as Record<number, (typeof deployments)[DeployedChainId] | undefined>)[chainId]
}

/** Decoration layers, as the Decorations registry numbers them. */
export const layers = { silhouette: 1, sky: 2, object: 3 } as const

/** A `mintCustom` hue argument that lets the sky choose its own hue. */
export const DEFAULT_HUE = 0xffff
