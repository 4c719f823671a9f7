import { chainellationAbi, decorationsAbi, forwarderDomain, forwardRequestTypes } from '@chainellation/contracts'
import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  isAddressEqual,
  recoverTypedDataAddress,
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
/** Whole bytes of hex, as calldata and signatures are. */
const hex = z.custom<Hex>((v) => typeof v === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(v), 'not hex bytes')
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

/** Why a request is not relayed: a code for the page's logic, and a sentence it shows as it is. */
export type Refusal = { code: RefusalCode; message: string }
export type RefusalCode =
  | 'not-game'
  | 'not-playable'
  | 'value'
  | 'gas'
  | 'expired'
  | 'deadline'
  | 'signature'
  | 'budget'
  | 'reverted'
  | 'paused'

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

const refuse = (code: RefusalCode, message: string): Refusal => ({ code, message: `${message} ${PAY_YOURSELF}` })

/**
 * Checks what a request asks for, before anything is asked of the chain: a game contract, a function a player plays
 * with, no value (the relayer pays gas, never a price), gas within the cap, and a deadline neither past nor far off.
 * `now` is the chain's time, in seconds.
 */
export function checkRequest(request: RelayRequest, policy: RelayPolicy, now: number): Accepted | Refusal {
  const contract = (Object.keys(policy.contracts) as RelayedContract[]).find((name) =>
    isAddressEqual(policy.contracts[name], request.to),
  )
  if (!contract) return refuse('not-game', 'The game pays the gas of its own contracts only.')
  let functionName: string
  try {
    functionName = decodeFunctionData({ abi: ABIS[contract], data: request.data }).functionName
  } catch {
    return refuse('not-playable', 'The game could not read what this request asks its contract to do.')
  }
  const playable: readonly string[] = RELAYED_FUNCTIONS[contract]
  if (!playable.includes(functionName))
    return refuse('not-playable', 'The game pays the gas of minting, stargazing and dressing a sky only.')
  if (request.value !== 0n) return refuse('value', 'The game pays gas, not prices: this request sends ether with it.')
  if (request.gas > policy.gasCap)
    return refuse('gas', `This request asks for more gas (${request.gas}) than the game pays for (${policy.gasCap}).`)
  if (request.deadline <= now) return refuse('expired', 'This request has expired: sign it again.')
  if (request.deadline > now + policy.maxDeadlineSeconds)
    return refuse('deadline', 'This request is valid for longer than the game relays requests for: sign it again.')
  return { contract, functionName: functionName as RelayedFunction }
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
