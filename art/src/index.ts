export { formatUtcOffset, MAX_UTC_OFFSET, MIN_UTC_OFFSET, parseUtcOffset, UTC_OFFSET_STEP } from './utc-offset'
