// A stand-in for ENS on a local chain (solidity/test/LocalUniversalResolver.sol): the two Universal Resolver calls
// viem makes for names, avatars and addresses, over records any account writes for itself. Used by the local stack
// (the API looks names up there instead of on mainnet), the server's name tests and the end-to-end tests.

import {
  type Account,
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hash,
  http,
  namehash,
  parseAbi,
} from 'viem'
import { foundry } from 'viem/chains'
import { build } from './compile.ts'

/** The stand-in's own calls, beside the two Universal Resolver ones viem encodes from its own ABIs. */
export const localUniversalResolverAbi = parseAbi([
  'function setName(string name)',
  'function setAddr(bytes32 node, address addr)',
  'function setText(bytes32 node, string key, string value)',
  'function addr(bytes32 node) view returns (address)',
  'function text(bytes32 node, string key) view returns (string)',
  'error LocalUniversalResolverNotHolder(bytes32 node, address holder)',
])

/** Deploys the stand-in from `deployer` and returns its address. */
export async function deployLocalUniversalResolver(options: {
  rpcUrl: string
  deployer: Account
  log?: (line: string) => void
}): Promise<Address> {
  const { abi, bytecode } = (await build()).LocalUniversalResolver
  const transport = http(options.rpcUrl)
  const chain = { ...foundry, id: await createPublicClient({ transport }).getChainId() }
  const client = createPublicClient({ chain, transport })
  const wallet = createWalletClient({ account: options.deployer, chain, transport })
  const receipt = await client.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode }) })
  if (!receipt.contractAddress || receipt.status !== 'success')
    throw new Error('deploying LocalUniversalResolver failed')
  const address = getAddress(receipt.contractAddress)
  options.log?.(`LocalUniversalResolver ${address}`)
  return address
}

/** What {@link setLocalName} writes; `forward` is whom the name resolves to (the account itself by default). */
export type LocalName = { name: string; avatar?: string; forward?: Address }

/**
 * Gives `account` a primary name on the stand-in at `resolver`: the name's address record, its `avatar` text record
 * (ENSIP-12) when given, then the account's reverse record. The name must not be held by another account.
 */
export async function setLocalName(options: {
  rpcUrl: string
  resolver: Address
  account: Account
  name: LocalName
}): Promise<Hash[]> {
  const { rpcUrl, resolver, account, name } = options
  const transport = http(rpcUrl)
  const chain = { ...foundry, id: await createPublicClient({ transport }).getChainId() }
  const client = createPublicClient({ chain, transport })
  const wallet = createWalletClient({ account, chain, transport })
  const node = namehash(name.name)
  const hashes: Hash[] = []
  // One after the other: each is checked (gas estimation reverts with the stand-in's error) before it is sent.
  const send = async (write: Promise<Hash>) => {
    const hash = await write
    if ((await client.waitForTransactionReceipt({ hash })).status !== 'success') throw new Error(`${hash} reverted`)
    hashes.push(hash)
  }
  const target = { address: resolver, abi: localUniversalResolverAbi } as const
  await send(
    wallet.writeContract({ ...target, functionName: 'setAddr', args: [node, name.forward ?? account.address] }),
  )
  if (name.avatar !== undefined)
    await send(wallet.writeContract({ ...target, functionName: 'setText', args: [node, 'avatar', name.avatar] }))
  await send(wallet.writeContract({ ...target, functionName: 'setName', args: [name.name] }))
  return hashes
}
