// ENS names and avatars of the accounts the app shows, looked up by the API (docs/decisions/names.md).
export { displayName, NAME_MAX_LENGTH } from './display-name'
export { type AccountName, fetchName } from './name-api'
export { useName } from './use-name'
