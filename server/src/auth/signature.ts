import {
  type Address,
  getAddress,
  type Hex,
  isAddressEqual,
  isErc6492Signature,
  type PublicClient,
  recoverMessageAddress,
} from 'viem'

/**
 * What checking a sign-in signature concluded: `unreachable` when the chain's node had to be asked and could not
 * answer, with its error.
 */
export type SignatureCheck = { kind: 'valid' } | { kind: 'invalid' } | { kind: 'unreachable'; error: unknown }

/** Whether `signature` is an ECDSA signature of `message` (EIP-191) by the key behind `address`. */
async function signedByKey(address: Address, message: string, signature: Hex): Promise<boolean> {
  try {
    return isAddressEqual(getAddress(address), await recoverMessageAddress({ message, signature }))
  } catch {
    // Bytes that are no ECDSA signature (a contract account's, or garbage).
    return false
  }
}

/**
 * Checks a signature of a sign-in message (EIP-4361) by `address`, trusting the chain's node only where nothing
 * else can decide:
 *
 * - An ordinary account (EOA) is decided here, by ECDSA recovery, without the node.
 * - Otherwise only a contract account can have signed, which answers for itself on the chain (ERC-1271), or one
 *   not deployed yet, whose signature says how to deploy it (ERC-6492). The node runs those checks, so it is
 *   trusted for them, and it is asked first whether the address holds code at all: an address without code and
 *   without an ERC-6492 wrapper is an EOA whose key did not sign, whatever an `eth_call` would answer.
 */
export async function checkSignature(
  client: PublicClient,
  { address, message, signature }: { address: Address; message: string; signature: Hex },
): Promise<SignatureCheck> {
  if (!isErc6492Signature(signature)) {
    if (await signedByKey(address, message, signature)) return { kind: 'valid' }
    let code: Hex | undefined
    try {
      code = await client.getCode({ address })
    } catch (error) {
      return { kind: 'unreachable', error }
    }
    if (!code || code === '0x') return { kind: 'invalid' }
  }
  const answer = await client.verifyMessage({ address, message, signature }).catch((error: unknown) => error)
  if (answer === true) return { kind: 'valid' }
  // viem answers false both for a rejected signature and for a node it could not reach (its eth_call fails either
  // way), and throws both for a node's failure and for input it cannot check: only asking the node again tells
  // them apart. A node that answers leaves the signature to blame.
  const problem = await unreachable(client)
  if (!problem) return { kind: 'invalid' }
  return { kind: 'unreachable', error: answer === false ? problem : answer }
}

/** The error a node answers a trivial request with, or null when it is reachable. */
const unreachable = (client: PublicClient) =>
  client.getBlockNumber().then(
    () => null,
    (error: unknown) => error,
  )
