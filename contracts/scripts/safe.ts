// Safe{Wallet}'s smart accounts on a local chain: the official contracts from their npm package, Safes made
// through the real proxy factory, and the owner-side signing and execution Safe{Wallet} itself performs.
// Used by the local stack (a 1-of-1 and a 2-of-2 Safe for players to try the app as a Safe App), by the
// end-to-end tests' stand-in for Safe{Wallet}, and by the server's sign-in tests (ERC-1271 and ERC-6492).
// The Safe contracts and the making of Safes are in safe-contracts.ts, re-exported here.

import {
  type Account,
  type Address,
  concat,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  encodePacked,
  getAddress,
  type Hash,
  type Hex,
  http,
  type LocalAccount,
  numberToHex,
  serializeErc6492Signature,
  size,
  toHex,
  zeroAddress,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { ANVIL_MNEMONIC } from './deploy.ts'
import {
  chainClients,
  createSafe,
  createSafeCalldata,
  deploySafeContracts,
  multiSendAbi,
  type SafeAccount,
  type SafeCall,
  type SafeContracts,
  safeAbi,
} from './safe-contracts.ts'

export * from './safe-contracts.ts'

/** A Safe transaction as owners sign it (EIP-712 `SafeTx`). */
export type SafeTransaction = {
  to: Address
  value: bigint
  data: Hex
  operation: 0 | 1
  safeTxGas: bigint
  baseGas: bigint
  gasPrice: bigint
  gasToken: Address
  refundReceiver: Address
  nonce: bigint
}

const safeTxTypes = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const

const safeMessageTypes = { SafeMessage: [{ name: 'message', type: 'bytes' }] } as const

/** A Safe transaction for `call` at `nonce`, with no gas refund (how Safe{Wallet} proposes app transactions). */
export function safeTransaction(call: SafeCall, nonce: bigint): SafeTransaction {
  return {
    to: getAddress(call.to),
    value: call.value,
    data: call.data,
    operation: call.operation ?? 0,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce,
  }
}

/** Several calls as one Safe transaction: a delegate call to MultiSendCallOnly (Safe{Wallet}'s batching). */
export function multiSendCall(contracts: SafeContracts, calls: SafeCall[]): SafeCall {
  const packed = concat(
    calls.map((call) =>
      encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [0, call.to, call.value, BigInt(size(call.data)), call.data],
      ),
    ),
  )
  return {
    to: contracts.multiSendCallOnly,
    value: 0n,
    data: encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [packed] }),
    operation: 1,
  }
}

/** The EIP-712 typed data owners sign for a Safe transaction. */
export function safeTransactionTypedData(chainId: number, safe: Address, tx: SafeTransaction) {
  return {
    domain: { chainId, verifyingContract: safe },
    types: safeTxTypes,
    primaryType: 'SafeTx' as const,
    message: tx,
  }
}

/** An owner's signature of a Safe transaction (65 bytes, v 27/28). */
export async function signSafeTransaction(owner: LocalAccount, chainId: number, safe: Address, tx: SafeTransaction) {
  return owner.signTypedData(safeTransactionTypedData(chainId, safe, tx))
}

/** The signatures a Safe accepts: one per owner, ordered by owner address. */
export function packSignatures(signatures: { signer: Address; data: Hex }[]): Hex {
  const sorted = [...signatures].sort((a, b) => (BigInt(a.signer) < BigInt(b.signer) ? -1 : 1))
  return concat(sorted.map((s) => s.data))
}

/** Sends `execTransaction` from `executor` and returns the chain transaction's hash (not yet mined). */
export async function executeSafeTransaction(options: {
  rpcUrl: string
  safe: Address
  tx: SafeTransaction
  signatures: Hex
  executor: Account
}): Promise<Hash> {
  const chainId = await createPublicClient({ transport: http(options.rpcUrl) }).getChainId()
  const { chain } = chainClients(options.rpcUrl, chainId)
  const wallet = createWalletClient({ account: options.executor, chain, transport: http(options.rpcUrl) })
  const { tx } = options
  return wallet.writeContract({
    address: options.safe,
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [
      tx.to,
      tx.value,
      tx.data,
      tx.operation,
      tx.safeTxGas,
      tx.baseGas,
      tx.gasPrice,
      tx.gasToken,
      tx.refundReceiver,
      options.signatures,
    ],
    account: options.executor,
    chain,
  })
}

/**
 * The EIP-712 typed data owners sign so the Safe vouches for a 32-byte hash (for a text message, the EIP-191
 * `hashMessage` of it) through ERC-1271: the compatibility fallback handler checks this `SafeMessage`.
 */
export function safeMessageTypedData(chainId: number, safe: Address, hash: Hex) {
  return {
    domain: { chainId, verifyingContract: safe },
    types: safeMessageTypes,
    primaryType: 'SafeMessage' as const,
    message: { message: hash },
  }
}

/** The Safe's off-chain signature of `hash`: enough owners' `SafeMessage` signatures, packed. */
export async function signSafeMessage(owners: LocalAccount[], chainId: number, safe: Address, hash: Hex) {
  const signed = await Promise.all(
    owners.map(async (owner) => ({
      signer: owner.address,
      data: await owner.signTypedData(safeMessageTypedData(chainId, safe, hash)),
    })),
  )
  return packSignatures(signed)
}

/** An ERC-6492 signature for a Safe not deployed yet: the factory call that would create it, then the signature. */
export function counterfactualSignature(
  contracts: SafeContracts,
  owners: Address[],
  threshold: number,
  saltNonce: bigint,
  signature: Hex,
) {
  return serializeErc6492Signature({
    address: contracts.proxyFactory,
    data: createSafeCalldata(contracts, owners, threshold, saltNonce),
    signature,
  })
}

/** Anvil's test account `index` from its well-known mnemonic (funded on the local chain for 0–9 only). */
export function anvilAccount(index: number): LocalAccount {
  return mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index })
}

/** The private key of anvil's test account `index`, for a process that reads its key from its environment. */
export function anvilPrivateKey(index: number): Hex {
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey
  if (!key) throw new Error(`anvil's account ${index} has no private key`)
  return toHex(key)
}

/** The local stack's Safes: a 1-of-1 owned by account 10, a 2-of-2 owned by accounts 11 and 12. */
export type LocalSafes = { contracts: SafeContracts; oneOfOne: SafeAccount; twoOfTwo: SafeAccount }

/** Test accounts whose keys own the local stack's Safes. */
export const LOCAL_SAFE_OWNERS = { oneOfOne: [10], twoOfTwo: [11, 12] } as const

/**
 * Deploys the Safe contracts on a local anvil chain and creates its two Safes, each holding `balance` wei,
 * with their owners funded so they can execute (as a Safe owner does in Safe{Wallet}).
 */
export async function deployLocalSafes(options: {
  rpcUrl: string
  deployer: Account
  balance?: bigint
  log?: (line: string) => void
}): Promise<LocalSafes> {
  const contracts = await deploySafeContracts(options)
  const balance = options.balance ?? 100n * 10n ** 18n
  const setBalance = (address: Address, wei: bigint) =>
    fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, numberToHex(wei)] }),
    }).then(async (res) => {
      const body = (await res.json()) as { error?: { message: string } }
      if (body.error) throw new Error(`anvil_setBalance: ${body.error.message}`)
    })
  const make = async (indexes: readonly number[]) => {
    const owners = indexes.map((i) => anvilAccount(i).address)
    for (const owner of owners) await setBalance(owner, balance)
    const safe = await createSafe({
      rpcUrl: options.rpcUrl,
      contracts,
      owners,
      threshold: owners.length,
      sender: options.deployer,
    })
    await setBalance(safe.address, balance)
    options.log?.(`Safe ${safe.threshold}-of-${owners.length} ${safe.address}`)
    return safe
  }
  return {
    contracts,
    oneOfOne: await make(LOCAL_SAFE_OWNERS.oneOfOne),
    twoOfTwo: await make(LOCAL_SAFE_OWNERS.twoOfTwo),
  }
}
