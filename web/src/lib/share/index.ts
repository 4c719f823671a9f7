export { type ShareData, type ShareOutcome, shareLink } from './share-link'
