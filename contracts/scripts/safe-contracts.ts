// The Safe{Wallet} smart accounts' contracts on a local chain: deployed from their npm package, and Safes made
// through the real proxy factory. `safe.ts` re-exports all of it beside the owners' signing.

import { createRequire } from 'node:module'
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from 'viem'
import { foundry } from 'viem/chains'

/** The Safe contracts' release this module deploys (`@safe-global/safe-smart-account`). */
export const SAFE_VERSION = '1.5.0'

export const safeAbi = parseAbi([
  'function setup(address[] owners, uint256 threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)',
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 nonce) view returns (bytes32)',
  'function nonce() view returns (uint256)',
  'function getThreshold() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function VERSION() view returns (string)',
  'function isValidSignature(bytes32 dataHash, bytes signature) view returns (bytes4)',
  'event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)',
  'event ExecutionFailure(bytes32 indexed txHash, uint256 payment)',
])

export const safeProxyFactoryAbi = parseAbi([
  'function createProxyWithNonce(address singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'event ProxyCreation(address indexed proxy, address singleton)',
])

export const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable'])

/** Where the Safe contracts live on one chain. */
export type SafeContracts = {
  /** The Safe singleton (SafeL2, which emits the events indexers read). */
  singleton: Address
  proxyFactory: Address
  fallbackHandler: Address
  multiSend: Address
  multiSendCallOnly: Address
}

/** A Safe and who controls it. */
export type SafeAccount = { address: Address; owners: Address[]; threshold: number }

/** One call a Safe makes; `operation` 1 is a delegate call (how a Safe runs MultiSend). */
export type SafeCall = { to: Address; value: bigint; data: Hex; operation?: 0 | 1 }

type SafeArtifact = { abi: unknown[]; bytecode: Hex }

const artifactPaths = {
  SafeL2: 'SafeL2.sol/SafeL2.json',
  SafeProxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  CompatibilityFallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
  MultiSend: 'libraries/MultiSend.sol/MultiSend.json',
  MultiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
} as const

/** A Safe contract's compiled artifact, as the package ships it. */
export function safeArtifact(name: keyof typeof artifactPaths): SafeArtifact {
  const require = createRequire(import.meta.url)
  return require(`@safe-global/safe-smart-account/build/artifacts/contracts/${artifactPaths[name]}`) as SafeArtifact
}

/** A public client of the chain at `rpcUrl`, with the chain it serves as `chainId`. */
export function chainClients(rpcUrl: string, chainId: number) {
  const chain: Chain = { ...foundry, id: chainId }
  const transport = http(rpcUrl)
  return { chain, publicClient: createPublicClient({ chain, transport, pollingInterval: 100 }) as PublicClient }
}

/** Deploys the Safe singleton, proxy factory, fallback handler and both multi-sends from `deployer`. */
export async function deploySafeContracts(options: {
  rpcUrl: string
  deployer: Account
  log?: (line: string) => void
}): Promise<SafeContracts> {
  const probe = createPublicClient({ transport: http(options.rpcUrl) })
  const { chain, publicClient } = chainClients(options.rpcUrl, await probe.getChainId())
  const wallet = createWalletClient({ account: options.deployer, chain, transport: http(options.rpcUrl) })
  const deploy = async (name: keyof typeof artifactPaths): Promise<Address> => {
    const { abi, bytecode } = safeArtifact(name)
    const hash = await wallet.deployContract({ abi, bytecode, account: options.deployer, chain })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (!receipt.contractAddress || receipt.status !== 'success') throw new Error(`deploying ${name} failed`)
    const address = getAddress(receipt.contractAddress)
    options.log?.(`${name} ${address}`)
    return address
  }
  return {
    singleton: await deploy('SafeL2'),
    proxyFactory: await deploy('SafeProxyFactory'),
    fallbackHandler: await deploy('CompatibilityFallbackHandler'),
    multiSend: await deploy('MultiSend'),
    multiSendCallOnly: await deploy('MultiSendCallOnly'),
  }
}

/** The `setup` call a new Safe proxy runs: its owners and threshold, with the compatibility fallback handler. */
export function safeInitializer(contracts: SafeContracts, owners: Address[], threshold: number): Hex {
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [owners, BigInt(threshold), zeroAddress, '0x', contracts.fallbackHandler, zeroAddress, 0n, zeroAddress],
  })
}

/** The factory call that creates a Safe; its address depends only on the arguments (CREATE2). */
export function createSafeCalldata(contracts: SafeContracts, owners: Address[], threshold: number, saltNonce: bigint) {
  return encodeFunctionData({
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [contracts.singleton, safeInitializer(contracts, owners, threshold), saltNonce],
  })
}

/** Where the factory would put the Safe with these owners, threshold and salt, deployed or not. */
export async function predictSafeAddress(options: {
  rpcUrl: string
  contracts: SafeContracts
  owners: Address[]
  threshold: number
  saltNonce: bigint
}): Promise<Address> {
  const { publicClient } = chainClients(
    options.rpcUrl,
    await createPublicClient({ transport: http(options.rpcUrl) }).getChainId(),
  )
  const { result } = await publicClient.simulateContract({
    address: options.contracts.proxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [
      options.contracts.singleton,
      safeInitializer(options.contracts, options.owners, options.threshold),
      options.saltNonce,
    ],
  })
  return getAddress(result)
}

/** Creates a Safe through the proxy factory, sent by `sender`, and returns its address. */
export async function createSafe(options: {
  rpcUrl: string
  contracts: SafeContracts
  owners: Address[]
  threshold: number
  sender: Account
  saltNonce?: bigint
}): Promise<SafeAccount> {
  const chainId = await createPublicClient({ transport: http(options.rpcUrl) }).getChainId()
  const { chain, publicClient } = chainClients(options.rpcUrl, chainId)
  const wallet = createWalletClient({ account: options.sender, chain, transport: http(options.rpcUrl) })
  const args = [
    options.contracts.singleton,
    safeInitializer(options.contracts, options.owners, options.threshold),
    options.saltNonce ?? 0n,
  ] as const
  const { request, result } = await publicClient.simulateContract({
    address: options.contracts.proxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args,
    account: options.sender,
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash: await wallet.writeContract(request) })
  if (receipt.status !== 'success') throw new Error('creating the Safe failed')
  return { address: getAddress(result), owners: options.owners.map((o) => getAddress(o)), threshold: options.threshold }
}
