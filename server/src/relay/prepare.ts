import { chainellationForwarderAbi } from '@chainellation/contracts'
import type { Address, Client, Transport } from 'viem'
import { estimateFeesPerGas, getBalance, getBlock, readContract } from 'viem/actions'
import type { Database } from '../db'
import { type RelayBudgets, type Reservation, reserve, type Spender } from './budgets'
import {
  type Accepted,
  checkRequest,
  checkSignature,
  PAY_YOURSELF,
  type Refusal,
  type RelayPolicy,
  type RelayRequest,
} from './policy'
import { simulateRelay } from './simulate'

// Everything the relayer does with a request before it sends it, cheapest first, so that a request it will not send
// costs as little as can be: what it asks for, the relayer's balance, the signature at the signer's nonce, the chain's
// answer to it, and the budgets, which it reserves on last (docs/decisions/sponsored-writes.md).

/**
 * A request ready to send: what it calls, the signer's nonce it was signed at, the transaction's gas limit and fees,
 * and what it holds of the budgets.
 */
export type Prepared = Accepted & {
  requestNonce: bigint
  gasLimit: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  reservation: Reservation
}

export type PrepareOptions = {
  db: Database
  client: Client<Transport>
  policy: RelayPolicy
  budgets: RelayBudgets
  /** The account that pays. */
  relayer: Address
  /** Below this balance nothing is relayed. */
  minBalanceWei: bigint
}

/** Headroom over the simulation's gas: a block's state may differ by the time the transaction is in one. */
const GAS_HEADROOM_PERCENT = 120n

/**
 * Checks `request` for `spender` and reserves its most possible cost (its gas limit at its highest fee) on the
 * budgets of the day `now` falls on; a refusal at any step reserves nothing.
 */
export async function prepareRelay(
  { db, client, policy, budgets, relayer, minBalanceWei }: PrepareOptions,
  request: RelayRequest,
  spender: Spender,
  now: Date,
): Promise<Prepared | Refusal> {
  const block = await getBlock(client)
  const accepted = checkRequest(request, policy, Number(block.timestamp))
  if ('code' in accepted) return accepted
  if ((await getBalance(client, { address: relayer })) < minBalanceWei)
    return {
      code: 'paused',
      message: `The game’s relayer has run short of the ether it pays gas with, and is paused until it is topped up. ${PAY_YOURSELF}`,
    }
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
  const reservation = await reserve(db, budgets, spender, gasLimit * maxFeePerGas, now)
  if ('code' in reservation) return reservation
  return { ...accepted, requestNonce: nonce, gasLimit, maxFeePerGas, maxPriorityFeePerGas, reservation }
}
