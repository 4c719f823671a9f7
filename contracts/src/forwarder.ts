import type { Address } from 'viem'

/**
 * The game's ERC-2771 forwarder (`ChainellationForwarder`: OpenZeppelin's `ERC2771Forwarder`) and the request a
 * player signs for it (EIP-712), shared by the tests, the API's relayer and the web app.
 */
export const FORWARDER_NAME = 'chainellation forwarder'

/** The forwarder's EIP-712 domain on `chainId`. */
export const forwarderDomain = (chainId: number, verifyingContract: Address) =>
  ({ name: FORWARDER_NAME, version: '1', chainId, verifyingContract }) as const

/** `ForwardRequest` as `ERC2771Forwarder` hashes it (its `FORWARD_REQUEST_TYPEHASH`). */
export const forwardRequestTypes = {
  ForwardRequest: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'gas', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint48' },
    { name: 'data', type: 'bytes' },
  ],
} as const
