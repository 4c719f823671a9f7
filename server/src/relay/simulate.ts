import { chainellationAbi, chainellationForwarderAbi, decorationsAbi } from '@chainellation/contracts'
import {
  type Abi,
  type Address,
  BaseError,
  type Client,
  concat,
  decodeErrorResult,
  ExecutionRevertedError,
  type Hex,
  type Transport,
} from 'viem'
import { call, estimateContractGas } from 'viem/actions'
import { PAY_YOURSELF, type Refusal, type RelayPolicy, type RelayRequest } from './policy'

// The last check before a request is sent: the chain's own answer, from a call that spends nothing. A request the
// game's contract would refuse (a sky that is not the signer's, a gaze by day, a price to pay) costs the relayer
// nothing, and the page learns the contract's reason by name (docs/decisions/sponsored-writes.md).

/** What a request's simulation found: the gas the relayer's transaction takes, or why it would fail. */
export type Simulated = { gas: bigint } | (Refusal & { error?: string })

const GAME_ERRORS: Abi = [...chainellationAbi, ...decorationsAbi].filter((item) => item.type === 'error')

/**
 * A refusal from a failed call's error: the custom error it reverted with, by name, when `abi` knows it. An error
 * that is not a revert (a node that did not answer) is thrown on: the request was not refused, it is not known.
 */
function refusalFrom(error: unknown, abi: Abi, what: string): Refusal & { error?: string } {
  if (!(error instanceof BaseError)) throw error
  const found = error.walk((e) => typeof (e as { data?: unknown }).data === 'string') as { data?: Hex } | null
  if (!found && !error.walk((e) => e instanceof ExecutionRevertedError)) throw error
  let name: string | undefined
  if (found?.data && found.data !== '0x') {
    try {
      name = decodeErrorResult({ abi, data: found.data }).errorName
    } catch {}
  }
  return {
    code: 'reverted',
    ...(name && { error: name }),
    message: `${what} would refuse this request${name ? ` (${name})` : ''}: nothing was sent. ${PAY_YOURSELF}`,
  }
}

/**
 * Simulates `request` as the forwarder would make its call (from the forwarder, the signer's address appended, with
 * the request's gas), then the relayer's `execute` of it. Both are calls, not transactions: a refusal spends no gas.
 */
export async function simulateRelay(
  client: Client<Transport>,
  policy: Pick<RelayPolicy, 'forwarder'>,
  request: RelayRequest,
  relayer: Address,
): Promise<Simulated> {
  try {
    await call(client, {
      account: policy.forwarder,
      to: request.to,
      data: concat([request.data, request.from]),
      gas: request.gas,
    })
  } catch (error) {
    return refusalFrom(error, GAME_ERRORS, 'The game’s contract')
  }
  try {
    const gas = await estimateContractGas(client, {
      account: relayer,
      address: policy.forwarder,
      abi: chainellationForwarderAbi,
      functionName: 'execute',
      args: [request],
    })
    return { gas }
  } catch (error) {
    return refusalFrom(error, chainellationForwarderAbi, 'The game’s forwarder')
  }
}
