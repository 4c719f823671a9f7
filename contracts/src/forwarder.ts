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

/** `ERC2771Forwarder.nonces`: the fragment of its ABI a signer reads, rather than the whole forwarder's. */
export const forwarderNoncesAbi = [
  {
    type: 'function',
    name: 'nonces',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const

/** How long a signed request stays good: the relayer sends it at once, and keeps none longer than an hour. */
export const REQUEST_DEADLINE_SECONDS = 600
/** The gas a request asks for above the estimate of the call itself: the forwarder's own checks, and a margin. */
const GAS_MARGIN_PERCENT = 130n

/**
 * The gas a request gives its call: the node's estimate with a margin, within what the relayer's cap leaves once the
 * call's calldata is counted (the relayer pays both, and its cap holds both).
 */
export function requestGas(estimate: bigint, gasCap: number, data: Hex): bigint {
  const cap = BigInt(gasCap) - calldataGas(data)
  const wanted = (estimate * GAS_MARGIN_PERCENT) / 100n
  return wanted < cap ? wanted : cap
}
