export {
  base64,
  defaultTraits,
  isNightHour,
  type Layers,
  NO_LAYERS,
  renderSky,
  type Sky,
  skySeed,
} from './sky/render'
export { formatUtcOffset, MAX_UTC_OFFSET, MIN_UTC_OFFSET, parseUtcOffset, UTC_OFFSET_STEP } from './utc-offset'
