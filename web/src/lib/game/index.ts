export { type GateRead, type GateState, gateState } from './gate-state'
export { useNotDeployedText, useReadChainName } from './not-deployed-text'
export {
  formatCountdown,
  formatLocalTime,
  GAZE_COOLDOWN,
  isNightAt,
  localHourOf,
  nextGazeAt,
  revealedOf,
  starCountOf,
} from './sky-time'
export { decodeTokenUri, type SkyMetadata, traitOf } from './token-uri'
export { useChainNow } from './use-chain-now'
export { type GameChain, useGameChain } from './use-game-chain'
export { useGameGate } from './use-game-gate'
export { type OwnedSky, useMySkies } from './use-my-skies'
export { useSkyImages } from './use-sky-images'
export { useSkyMetadata } from './use-sky-metadata'
