import type { InferResponseType } from 'hono/client'
import type { Address, Hex } from 'viem'
import { getCode } from 'viem/actions'
import type { Config } from 'wagmi'
import { getAccount, getClient } from 'wagmi/actions'
import { api } from '@/lib/api/client'

// Writes whose gas the game pays (docs/decisions/sponsored-writes.md): the player signs an ERC-2771 request for the
// game's forwarder (EIP-712, one prompt, no ether) and the API's relayer sends it from its own account. What the pages
// read of it is here; the request itself, which only a write needs, is in relay-call.ts.

/** What `GET /api/relay` says of the game's relayer, as its route declares it. */
export type RelayTerms = InferResponseType<typeof api.relay.$get, 200>

/** A contract call as the write machine sends it. */
export type SponsoredCall = {
  address: Address
  abi: readonly unknown[]
  functionName: string
  args: readonly unknown[]
  value?: bigint
}

/** Why the game does not pay a write's gas, in the words the pages use; undefined where it does. */
export type OwnGasReason =
  /** The player asked to pay their own gas (the setting). */
  | 'chosen'
  /** A Safe or another contract account: it cannot sign as an ordinary account does. */
  | 'contract'
  /** The relayer is short of ether. */
  | 'paused'
  /** The game pays no gas on this chain. */
  | 'off'

/** An EIP-7702 delegation (`0xef0100` and an address): the account is still an ordinary one, whose key signs. */
const isDelegation = (code: Hex) => code.toLowerCase().startsWith('0xef0100')

/** Reads `GET /api/relay`. */
export async function fetchRelayTerms(): Promise<RelayTerms> {
  const response = await api.relay.$get()
  if (!response.ok) throw new Error(`The relay answered ${response.status}.`)
  return response.json()
}

/**
 * Whether `address` is a contract account on `chainId`: a Safe (the Safe App connector) or any account with code other
 * than an EIP-7702 delegation. Such an account pays its own way: the forwarder checks an ordinary account's signature
 * (ECDSA), which a contract account cannot give.
 */
export async function isContractAccount(
  config: Config,
  { address, chainId }: { address: Address; chainId: number },
): Promise<boolean> {
  if (getAccount(config).connector?.type === 'safe') return true
  const client = getClient(config, { chainId })
  if (!client) return false
  const code = await getCode(client, { address })
  return !!code && code !== '0x' && !isDelegation(code)
}

/** Whether the game pays the gas of an account's writes on `chainId`: undefined where it does, else why not. */
export function gasReason(
  terms: RelayTerms,
  { chainId, contract, choosesOwnGas }: { chainId: number; contract: boolean; choosesOwnGas: boolean },
): OwnGasReason | undefined {
  if (!terms.on || terms.chainId !== chainId) return 'off'
  if (contract) return 'contract'
  if (choosesOwnGas) return 'chosen'
  if (terms.paused) return 'paused'
  return undefined
}
