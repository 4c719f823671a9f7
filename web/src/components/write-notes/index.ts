// The notes under a write's button: who pays its gas, what its Safe still needs, and what went wrong, in words. Drawn
// with the app's ui primitives from the wallet's state (docs/decisions/layers.md).
export { GasNote } from './gas-note'
export { SafeProgressNote } from './safe-progress'
export { WriteErrorNote } from './write-error-note'
