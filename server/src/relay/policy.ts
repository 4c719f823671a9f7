import {
  calldataGas,
  chainellationAbi,
  decorationsAbi,
  forwarderDomain,
  forwardRequestTypes,
} from '@chainellation/contracts'
import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  isAddressEqual,
  recoverTypedDataAddress,
  toHex,
} from 'viem'
import { z } from 'zod'

// What the relayer takes from a player: a request for the game's ERC-2771 forwarder as the player's wallet signed it
// (OpenZeppelin's `ForwardRequestData`), and the checks it passes before any gas is spent on it
// (docs/decisions/sponsored-writes.md). The signer's nonce and the simulation are the chain's, asked afterwards.

/** The functions a player plays with, by the contract that has them: the only calls the game pays for. */
export const RELAYED_FUNCTIONS = {
  Chainellation: ['mint', 'mintCustom', 'starGaze', 'starGazeMany'],
  Decorations: ['setLayers'],
} as const

export type RelayedContract = keyof typeof RELAYED_FUNCTIONS
export type RelayedFunction = (typeof RELAYED_FUNCTIONS)[RelayedContract][number]

const ABIS = { Chainellation: chainellationAbi, Decorations: decorationsAbi } as const

const address = z
  .string()
  .refine(isAddress, 'not an address')
  .transform((a) => getAddress(a))
/** Whole bytes of hex, as calldata and signatures are, in lower case: the letters' case is no part of the bytes. */
const hex = z
  .custom<Hex>((v) => typeof v === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(v), 'not hex bytes')
  .transform((v) => v.toLowerCase() as Hex)
const uint = z.union([z.string().regex(/^\d{1,78}$/), z.number().int().nonnegative()]).transform((v) => BigInt(v))

/** A signed request as the page sends it: numbers as decimal strings (JSON has no bigints). */
export const relayRequestSchema = z.object({
  from: address,
  to: address,
  value: uint,
  gas: uint,
  deadline: z
    .number()
    .int()
    .positive()
    .max(2 ** 48 - 1),
  data: hex,
  signature: hex,
})

export type RelayRequest = z.output<typeof relayRequestSchema>

/**
 * Why a request is not relayed: a code for the page's logic, a sentence it shows as it is, and the finer reason the
 * metrics count refusals by (`/metrics`, `chainellation_relay_refusals_total`).
 */
export type Refusal = { code: RefusalCode; reason: RefusalReason; message: string }
export type RefusalCode =
  | 'not-game'
  | 'not-playable'
  | 'value'
  | 'gas'
  | 'expired'
  | 'deadline'
  | 'signature'
  | 'nonce'
  | 'budget'
  | 'reverted'
  | 'paused'

/** Every reason a request is refused for, finer than its code: the labels of the refusals' metric. */
export const REFUSAL_REASONS = [
  'not-game',
  'not-playable',
  'calldata',
  'value',
  'gas-zero',
  'gas-cap',
  'gas-low',
  'expired',
  'deadline',
  'signature',
  'nonce-taken',
  'reverted',
  'budget-player',
  'budget-network',
  'budget-all',
  'budget-newcomers',
  'new-players',
  'paused',
] as const
export type RefusalReason = (typeof REFUSAL_REASONS)[number]

/** What the relayer needs to know of the chain it relays on. */
export type RelayPolicy = {
  chainId: number
  forwarder: Address
  contracts: Record<RelayedContract, Address>
  /** Most gas a request may ask the forwarder to give its call. */
  gasCap: bigint
  /** Latest deadline a request may name, in seconds from now: a signed request is not kept about for long. */
  maxDeadlineSeconds: number
}

/** What an accepted request calls. */
export type Accepted = { contract: RelayedContract; functionName: RelayedFunction }

/** The way out every refusal ends with. */
export const PAY_YOURSELF = 'You can still send it from your wallet and pay its gas yourself.'

/** A refusal whose sentence ends with the way out; `reason` defaults to the code where it is one. */
export const refuse = (code: RefusalCode, message: string, reason = code as RefusalReason): Refusal => ({
  code,
  reason,
  message: `${message} ${PAY_YOURSELF}`,
})

/** secp256k1's group order: of the two `s` values that make a valid signature, the canonical is the lower half's. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

/**
 * A 65-byte signature in one spelling of the many that recover the same signer: lower-case hex, `s` in the lower
 * half of the curve's order (EIP-2), `v` as 27 or 28. Letter case, a high-`s` twin and a 0/1 `v` are all the same
 * request to the relayer; `undefined` when it is not 65 bytes (OpenZeppelin's `ECDSA` reads no other length).
 */
export function canonicalSignature(signature: Hex): Hex | undefined {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return undefined
  const hex = signature.toLowerCase()
  const r = hex.slice(2, 66)
  let s = BigInt(`0x${hex.slice(66, 130)}`)
  let v = Number.parseInt(hex.slice(130, 132), 16)
  if (v < 27) v += 27
  if (v !== 27 && v !== 28) return undefined
  if (s > SECP256K1_N / 2n) {
    s = SECP256K1_N - s
    v = v === 27 ? 28 : 27
  }
  return `0x${r}${toHex(s, { size: 32 }).slice(2)}${v.toString(16)}`
}

/**
 * Checks what a request asks for, before anything is asked of the chain: a game contract, a function a player plays
 * with, its calldata exactly as the ABI encodes that call, no value (the relayer pays gas, never a price), some gas
 * and, with what its calldata costs, no more than the cap, a deadline neither past nor far off, and a signature of
 * the one length the forwarder reads. `now` is the chain's time, in seconds.
 */
export function checkRequest(request: RelayRequest, policy: RelayPolicy, now: number): Accepted | Refusal {
  const contract = (Object.keys(policy.contracts) as RelayedContract[]).find((name) =>
    isAddressEqual(policy.contracts[name], request.to),
  )
  if (!contract) return refuse('not-game', 'The game pays the gas of its own contracts only.')
  let call: { functionName: string; args?: readonly unknown[] }
  try {
    call = decodeFunctionData({ abi: ABIS[contract], data: request.data })
  } catch {
    return refuse('not-playable', 'The game could not read what this request asks its contract to do.')
  }
  const playable: readonly string[] = RELAYED_FUNCTIONS[contract]
  if (!playable.includes(call.functionName))
    return refuse('not-playable', 'The game pays the gas of minting, stargazing and dressing a sky only.')
  // Bytes after the arguments (or arguments spelled another way) are read by no one and paid for by the relayer: the
  // call must be the ABI's own encoding of what it decodes to.
  const encoded = encodeFunctionData({ abi: ABIS[contract], functionName: call.functionName, args: call.args } as never)
  if (encoded.toLowerCase() !== request.data.toLowerCase()) {
    const extra = (request.data.length - encoded.length) / 2
    return refuse(
      'not-playable',
      extra > 0
        ? `This request’s call carries ${extra} bytes after its arguments that its function does not read.`
        : 'This request’s call is not encoded as its function’s arguments are.',
      'calldata',
    )
  }
  if (request.value !== 0n) return refuse('value', 'The game pays gas, not prices: this request sends ether with it.')
  if (request.gas === 0n)
    return refuse('gas', 'This request gives its call no gas to run with: sign it again.', 'gas-zero')
  const gas = request.gas + calldataGas(request.data)
  if (gas > policy.gasCap)
    return refuse(
      'gas',
      `This request asks for more gas (${gas}, its calldata’s included) than the game pays for (${policy.gasCap}).`,
      'gas-cap',
    )
  if (request.deadline <= now) return refuse('expired', 'This request has expired: sign it again.')
  if (request.deadline > now + policy.maxDeadlineSeconds)
    return refuse('deadline', 'This request is valid for longer than the game relays requests for: sign it again.')
  if (!canonicalSignature(request.signature))
    return refuse('signature', 'This request’s signature is not one the game’s forwarder can read: sign it again.')
  return { contract, functionName: call.functionName as RelayedFunction }
}

/**
 * Whether `request` was signed by its `from`, as the forwarder will check it with the signer's current `nonce`
 * (read from the forwarder): a forged signature, or a request whose nonce is used, is refused before any gas is
 * spent on it.
 */
export async function checkSignature(
  request: RelayRequest,
  policy: Pick<RelayPolicy, 'chainId' | 'forwarder'>,
  nonce: bigint,
): Promise<Refusal | undefined> {
  const { signature, ...fields } = request
  let signer: Address | undefined
  try {
    signer = await recoverTypedDataAddress({
      domain: forwarderDomain(policy.chainId, policy.forwarder),
      types: forwardRequestTypes,
      primaryType: 'ForwardRequest',
      message: { ...fields, nonce },
      signature,
    })
  } catch {}
  if (signer && isAddressEqual(signer, request.from)) return undefined
  return refuse('signature', 'This request’s signature is not its sender’s, or it was already sent: sign it again.')
}
