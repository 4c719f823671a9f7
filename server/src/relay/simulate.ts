import { calldataGas, chainellationAbi, chainellationForwarderAbi, decorationsAbi } from '@chainellation/contracts'
import {
  type Abi,
  type Address,
  BaseError,
  type Client,
  concat,
  decodeErrorResult,
  ExecutionRevertedError,
  type Hex,
  HttpRequestError,
  TimeoutError,
  type Transport,
  WebSocketRequestError,
} from 'viem'
import { call, estimateContractGas, estimateGas } from 'viem/actions'
import { PAY_YOURSELF, type Refusal, type RelayPolicy, type RelayRequest, refuse } from './policy'

// The last check before a request is sent: the chain's own answer, from a call that spends nothing. A request the
// game's contract would refuse (a sky that is not the signer's, a gaze by day, a price to pay), or that gives its call
// too little gas, costs the relayer nothing, and the page learns the reason in words (docs/decisions/sponsored-writes.md).

/** What a request's simulation found: the gas the relayer's transaction takes, or why it would fail. */
export type Simulated = { gas: bigint } | (Refusal & { error?: string })

const GAME_ERRORS: Abi = [...chainellationAbi, ...decorationsAbi].filter((item) => item.type === 'error')

/** A transaction's own gas before it runs a step: 21,000, and its calldata (EIP-2028). */
const TRANSACTION_GAS = 21_000n

/** How a node says a call ran out of the gas it was given, or was given less than its calldata costs. */
const OUT_OF_GAS =
  /out of gas|OutOfGas|intrinsic gas too (?:low|high)|CallGasCostMoreThanGasLimit|gas required exceeds/i

/** How a node says the EVM stopped a call that cannot run, other than by a revert or a lack of gas. */
const HALTED = /EVM error|invalid opcode|InvalidFEOpcode|OpcodeNotFound|stack (?:over|under)flow|invalid jump/i

/** The words of an error and of every error under it. */
function wordsOf(error: BaseError): string {
  const words: string[] = []
  error.walk((e) => {
    const { message, details } = e as { message?: unknown; details?: unknown }
    words.push(String(message ?? ''), String(details ?? ''))
    return false
  })
  return words.join(' ')
}

/** Whether `error` says the node itself failed (no answer, a timeout, a closed socket), not the request. */
const nodeFailed = (error: BaseError) =>
  Boolean(
    error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof WebSocketRequestError),
  )

/** How a failed call failed: a revert, a lack of gas, another halt of the EVM; `undefined` when the node failed. */
function failureOf(error: unknown): { kind: 'revert'; data?: Hex } | { kind: 'gas' } | { kind: 'halt' } | undefined {
  if (!(error instanceof BaseError) || nodeFailed(error)) return undefined
  const found = error.walk((e) => typeof (e as { data?: unknown }).data === 'string') as { data?: Hex } | null
  if (found?.data && found.data !== '0x') return { kind: 'revert', data: found.data }
  const words = wordsOf(error)
  if (OUT_OF_GAS.test(words)) return { kind: 'gas' }
  if (found || error.walk((e) => e instanceof ExecutionRevertedError)) return { kind: 'revert' }
  if (HALTED.test(words)) return { kind: 'halt' }
  return undefined
}

/**
 * A refusal from a failed call's error: the custom error it reverted with, by name, when `abi` knows it. An error
 * that says nothing of the request (a node that did not answer, or answered what this cannot read) is thrown on: the
 * request was not refused, its fate is not known.
 */
function refusalFrom(error: unknown, abi: Abi, what: string): Refusal & { error?: string } {
  const failure = failureOf(error)
  if (!failure) throw error
  if (failure.kind === 'gas')
    return refuse('gas', `${what} would run out of gas with this request: nothing was sent.`, 'gas-low')
  let name: string | undefined
  if (failure.kind === 'revert' && failure.data) {
    try {
      name = decodeErrorResult({ abi, data: failure.data }).errorName
    } catch {}
  }
  // The signature checked before the simulation no longer holds: another request of the signer's used its nonce.
  if (name === 'ERC2771ForwarderInvalidSigner')
    return {
      ...refuse(
        'signature',
        'This request’s nonce was used just now by another request you signed: sign it again.',
        'signature',
      ),
      error: name,
    }
  return {
    code: 'reverted',
    reason: 'reverted',
    ...(name && { error: name }),
    message: `${what} would refuse this request${name ? ` (${name})` : ''}: nothing was sent. ${PAY_YOURSELF}`,
  }
}

/**
 * Simulates `request` as the forwarder would make its call (from the forwarder, the signer's address appended, with
 * the request's gas to run on), then the relayer's `execute` of it. Both are calls, not transactions: a refusal
 * spends no gas.
 */
export async function simulateRelay(
  client: Client<Transport>,
  policy: Pick<RelayPolicy, 'forwarder'>,
  request: RelayRequest,
  relayer: Address,
): Promise<Simulated> {
  const forwarded = { account: policy.forwarder, to: request.to, data: concat([request.data, request.from]) }
  try {
    // A call from an account is a transaction of its own, which pays its base and its calldata before it runs; the
    // forwarder's call runs on the request's gas whole.
    await call(client, { ...forwarded, gas: request.gas + TRANSACTION_GAS + calldataGas(forwarded.data) })
  } catch (error) {
    const refusal = refusalFrom(error, GAME_ERRORS, 'The game’s contract')
    if (refusal.reason !== 'gas-low') return refusal
    return refuse('gas', await tooLittleGas(client, forwarded, request.gas), 'gas-low')
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

/** The words for a request whose call would run out of its gas, with what the call needs when the node can tell. */
async function tooLittleGas(
  client: Client<Transport>,
  forwarded: { account: Address; to: Address; data: Hex },
  given: bigint,
): Promise<string> {
  let needs: bigint | undefined
  try {
    needs = (await estimateGas(client, forwarded)) - TRANSACTION_GAS - calldataGas(forwarded.data)
  } catch {}
  const about = needs && needs > given ? `; it needs about ${needs}` : ''
  return `This request gives its call too little gas to run (${given}${about}): nothing was sent. Sign it again with more.`
}
