import type { Address, Client, Hex } from 'viem'
import { estimateGas, getBlock, readContract } from 'viem/actions'

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
const forwarderNoncesAbi = [
  {
    type: 'function',
    name: 'nonces',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const

/** How long a signed request stays good: the relayer sends it at once, and keeps none longer than an hour. */
const REQUEST_DEADLINE_SECONDS = 600
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

/** A `ForwardRequest` as its signer signs it (`forwardRequestTypes`), the signature aside. */
export type ForwardRequestMessage = {
  from: Address
  to: Address
  value: bigint
  gas: bigint
  nonce: bigint
  deadline: number
  data: Hex
}

/**
 * The request `from` signs for `data` to `to` through the relayer's `forwarder`, read from the chain through `client`
 * in one round: the call's own gas as `from` would send it (no fee asked, so none of its ether is needed), its nonce
 * at the forwarder, and the latest block, whose clock the forwarder holds the deadline to (not the device's, which
 * may be wrong, and a local chain's may have been moved on).
 */
export async function prepareForwardRequest(
  client: Client,
  request: { from: Address; to: Address; data: Hex; forwarder: Address; gasCap: number },
): Promise<ForwardRequestMessage> {
  const { from, to, data, forwarder, gasCap } = request
  const [estimate, nonce, block] = await Promise.all([
    estimateGas(client, { account: from, to, data }),
    readContract(client, { address: forwarder, abi: forwarderNoncesAbi, functionName: 'nonces', args: [from] }),
    getBlock(client),
  ])
  const gas = requestGas(estimate, gasCap, data)
  return { from, to, value: 0n, gas, nonce, deadline: Number(block.timestamp) + REQUEST_DEADLINE_SECONDS, data }
}

/**
 * The relay route's body for a signed request: its numbers as decimal strings, as JSON carries them, and no nonce (the
 * relayer reads it from the forwarder, which checks the signature against it).
 */
export const forwardRequestJson = (
  { from, to, value, gas, deadline, data }: ForwardRequestMessage,
  signature: Hex,
) => ({
  from,
  to,
  value: value.toString(),
  gas: gas.toString(),
  deadline,
  data,
  signature,
})
