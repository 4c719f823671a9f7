export { decodeTokenUri, type SkyMetadata, traitOf } from './token-uri'
export { type GameChain, useGameChain } from './use-game-chain'
export { useSkyMetadata } from './use-sky-metadata'
