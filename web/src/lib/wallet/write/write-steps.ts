// What a write does once asked for: simulate, sign, send (from the wallet, as a batch, or through the game's relayer),
// follow to the outcome. Most of viem's wallet actions (preparing, signing, sending, EIP-5792 batches) are here, and a
// visitor without a wallet never needs them: the write machine fetches this once a wallet is connected, or with the
// first write (docs/decisions/first-use.md).
export { follow } from './follow-write'
export { relayCall } from './relay-call'
export { send, sendBatch } from './send-write'
