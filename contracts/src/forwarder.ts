import type { Address, Hex } from 'viem'

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

/**
 * What `data` costs as calldata of the transaction that carries it (EIP-2028: 16 gas a non-zero byte, 4 a zero byte).
 * The relayer pays it outside the gas a request gives its call, so its gas cap counts both, and the app signs for
 * no more than the cap less this.
 */
export function calldataGas(data: Hex): bigint {
  let gas = 0n
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === '00' ? 4n : 16n
  return gas
}
