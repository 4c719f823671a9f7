import { chainellationForwarderAbi } from '@chainellation/contracts'
import type { Address, Client, Transport } from 'viem'
import { estimateFeesPerGas, getBalance, getBlock, readContract } from 'viem/actions'
import {
  type Accepted,
  checkRequest,
  checkSignature,
  type Refusal,
  type RelayPolicy,
  type RelayRequest,
  refuse,
} from './policy'
import { simulateRelay } from './simulate'

// Everything the relayer asks of the chain about a request before it sends it, cheapest first, so that a request it
// will not send costs as little as can be: what it asks for, the relayer's balance, the signature at the signer's
// nonce, and the chain's answer to it (docs/decisions/sponsored-writes.md). The budgets are reserved by the sender,
// with the request's (forwarder, signer, nonce), in the one transaction that records what it sends.

/** A request ready to send: what it calls, the signer's nonce it was signed at, the transaction's gas limit and fees. */
export type Prepared = Accepted & {
  requestNonce: bigint
  gasLimit: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
}

export type PrepareOptions = {
  client: Client<Transport>
  policy: RelayPolicy
  /** The account that pays. */
  relayer: Address
  /** Below this balance nothing is relayed. */
  minBalanceWei: bigint
}

/** Headroom over the simulation's gas: a block's state may differ by the time the transaction is in one. */
const GAS_HEADROOM_PERCENT = 120n

/** Checks `request` and finds its transaction's gas limit and fees; a refusal at any step says why, in words. */
export async function prepareRelay(
  { client, policy, relayer, minBalanceWei }: PrepareOptions,
  request: RelayRequest,
): Promise<Prepared | Refusal> {
  const block = await getBlock(client)
  const accepted = checkRequest(request, policy, Number(block.timestamp))
  if ('code' in accepted) return accepted
  if ((await getBalance(client, { address: relayer })) < minBalanceWei)
    return refuse(
      'paused',
      'The game’s relayer has run short of the ether it pays gas with, and is paused until it is topped up.',
    )
  const nonce = await readContract(client, {
    address: policy.forwarder,
    abi: chainellationForwarderAbi,
    functionName: 'nonces',
    args: [request.from],
  })
  const forged = await checkSignature(request, policy, nonce)
  if (forged) return forged
  const simulated = await simulateRelay(client, policy, request, relayer)
  if ('code' in simulated) return simulated
  const gasLimit = (simulated.gas * GAS_HEADROOM_PERCENT) / 100n
  const { maxFeePerGas, maxPriorityFeePerGas } = await estimateFeesPerGas(client)
  return { ...accepted, requestNonce: nonce, gasLimit, maxFeePerGas, maxPriorityFeePerGas }
}
