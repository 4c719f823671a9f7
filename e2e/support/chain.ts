import { setTimeout as sleep } from 'node:timers/promises'
import { chainellationAbi, decorationsAbi, decorationTokenAbi } from '@chainellation/contracts'
import { compile } from '@chainellation/contracts/compile'
import { LOCAL_PRICES } from '@chainellation/scripts/stack'
import {
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  type Hex,
  http,
  parseEventLogs,
  toHex,
  zeroAddress,
} from 'viem'
import type { StackInfo } from './stack-env'
import { type Address, ANVIL_ACCOUNTS } from './test-wallet'

const DAY = 86_400

const clientOf = (stack: StackInfo) => createPublicClient({ transport: http(stack.rpcUrl) })

/** Anvil's JSON-RPC, as the `rpc` fixture gives it: a method and its params, the result or a thrown error. */
export type Rpc = (method: string, params: unknown[]) => Promise<unknown>

/** The JSON-RPC at `url`, outside a test's fixtures (a `beforeAll`, a bench). */
export const rpcAt =
  (url: string): Rpc =>
  async (method, params) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await res.json()) as { result?: unknown; error?: { message: string } }
    if (body.error) throw new Error(`${method}: ${body.error.message}`)
    return body.result
  }

/** The latest block's timestamp: the chain's "now". */
export async function chainTime(stack: StackInfo): Promise<number> {
  return Number((await clientOf(stack).getBlock()).timestamp)
}

/** Mines a block at unix time `at` (later than the latest block), moving the chain's clock there. */
export async function setChainTime(rpc: Rpc, at: number): Promise<void> {
  await rpc('evm_setNextBlockTimestamp', [toHex(at)])
  await rpc('evm_mine', [])
}

/** The time-zone offset (quarter hours, −12 h…+14 h) where it is about `hour`:00 at unix time `now`. */
export function offsetWhereItIs(hour: number, now: number): number {
  let offset = Math.floor((hour * 3600 - (now % DAY)) / 900) * 900
  while (offset < -12 * 3600) offset += DAY
  while (offset > 14 * 3600) offset -= DAY
  return offset
}

/** What anvil answers when two sends from one account raced for the same nonce. */
const NONCE_RACE = /nonce too low|replacement transaction underpriced|already imported/

/**
 * Sends a transaction from `from` (anvil signs for its default accounts) and waits for its receipt. The desktop
 * and phone runs of a test send from the same account side by side, so a send that lost a nonce race is retried.
 */
async function send(stack: StackInfo, rpc: Rpc, tx: { from: Address; to?: string; data: Hex; value?: bigint }) {
  let hash: Hex | undefined
  for (let attempt = 1; !hash; attempt++) {
    try {
      hash = (await rpc('eth_sendTransaction', [{ ...tx, value: toHex(tx.value ?? 0n) }])) as Hex
    } catch (error) {
      if (attempt >= 5 || !NONCE_RACE.test(String(error))) throw error
      await sleep(50 * attempt)
    }
  }
  const receipt = await clientOf(stack).waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success') throw new Error(`${hash} reverted`)
  return receipt
}

/** The id of the sky a mint's receipt holds, from its Transfer log: other tests mint at the same time. */
function mintedId(receipt: Awaited<ReturnType<typeof send>>): bigint {
  const minted = parseEventLogs({ abi: chainellationAbi, eventName: 'Transfer', logs: receipt.logs }).find(
    (log) => log.args.from === zeroAddress,
  )
  if (!minted) throw new Error(`mint ${receipt.transactionHash} minted nothing`)
  return minted.args.id
}

/**
 * Mints a sky over `tzOffset` (UTC unless given) for `from` at the local stack's base price and returns its id,
 * read from the receipt's Transfer log: other tests mint at the same time, so the supply may already count theirs.
 */
export async function mintSky(stack: StackInfo, rpc: Rpc, from: Address, tzOffset = 0): Promise<bigint> {
  const receipt = await send(stack, rpc, {
    from,
    to: stack.contracts.Chainellation as Address,
    data: encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [tzOffset] }),
    value: LOCAL_PRICES.basePrice,
  })
  return mintedId(receipt)
}

/** The contract's `DEFAULT_HUE`: a hue left to the sky. */
const SKY_HUE = 0xffff

/**
 * Mints a sky over `tzOffset` whose constellation is catalogue id `constellation`, leaving the other traits to the sky
 * (one chosen trait: the base price and one customization price), and returns its id.
 */
export async function mintSkyWithConstellation(
  stack: StackInfo,
  rpc: Rpc,
  from: Address,
  tzOffset: number,
  constellation: number,
): Promise<bigint> {
  const receipt = await send(stack, rpc, {
    from,
    to: stack.contracts.Chainellation as Address,
    data: encodeFunctionData({
      abi: chainellationAbi,
      functionName: 'mintCustom',
      args: [tzOffset, SKY_HUE, SKY_HUE, constellation, 0],
    }),
    value: LOCAL_PRICES.basePrice + LOCAL_PRICES.customizationPrice,
  })
  return mintedId(receipt)
}

/** Sky `skyId`'s stored traits and progress. */
export const skyOf = (stack: StackInfo, skyId: bigint) =>
  clientOf(stack).readContract({
    address: stack.contracts.Chainellation as Address,
    abi: chainellationAbi,
    functionName: 'skyOf',
    args: [skyId],
  })

/** Sky `skyId`'s decorations, layer by layer (silhouette, sky, object), as the Decorations contract holds them. */
export const layersOf = (stack: StackInfo, skyId: bigint) =>
  clientOf(stack).readContract({
    address: stack.contracts.Decorations as Address,
    abi: decorationsAbi,
    functionName: 'layersOf',
    args: [skyId],
  })

/** The registry's number of the decoration the stack deployed as `key` (e.g. `RollingHills`). */
export const decorationIdOf = async (stack: StackInfo, key: string) =>
  Number(
    await clientOf(stack).readContract({
      address: stack.contracts.Decorations as Address,
      abi: decorationsAbi,
      functionName: 'idOf',
      args: [stack.contracts[key] as Address],
    }),
  )

/** Sets the three free decorations (hills, moon, telescope) on sky `skyId`, which `from` owns. */
export async function decorateSky(stack: StackInfo, rpc: Rpc, from: Address, skyId: bigint) {
  const choices = await Promise.all(
    (['RollingHills', 'CrescentMoon', 'Telescope'] as const).map(async (key, i) => ({
      layer: i + 1,
      decorationId: await decorationIdOf(stack, key),
      tokenId: 0n,
    })),
  )
  await send(stack, rpc, {
    from,
    to: stack.contracts.Decorations as Address,
    data: encodeFunctionData({ abi: decorationsAbi, functionName: 'setLayers', args: [skyId, choices] }),
  })
}

/** Gazes at sky `skyId` as its owner `from` (the chain must be at night there, 14 h after its last gaze). */
export async function gaze(stack: StackInfo, rpc: Rpc, from: Address, skyId: bigint) {
  await send(stack, rpc, {
    from,
    to: stack.contracts.Chainellation as Address,
    data: encodeFunctionData({ abi: chainellationAbi, functionName: 'starGaze', args: [skyId] }),
  })
}

/**
 * Deploys a free decoration with `art` as its SVG and registers it on `layer` (the deployer, anvil's account #0,
 * owns the registry): any contract's art can reach the page this way, hostile art included.
 */
export async function registerDecoration(stack: StackInfo, rpc: Rpc, name: string, art: string, layer: 1 | 2 | 3) {
  const { FreeDecoration } = await compile()
  if (!FreeDecoration) throw new Error('no FreeDecoration artifact')
  const owner = ANVIL_ACCOUNTS[0]
  const deployed = await send(stack, rpc, {
    from: owner,
    data: encodeDeployData({ abi: FreeDecoration.abi, bytecode: FreeDecoration.bytecode, args: [name, art] }),
  })
  if (!deployed.contractAddress) throw new Error('the decoration was not deployed')
  await send(stack, rpc, {
    from: owner,
    to: stack.contracts.Decorations,
    data: encodeFunctionData({
      abi: decorationsAbi,
      functionName: 'register',
      args: [deployed.contractAddress, layer, true],
    }),
  })
  return deployed.contractAddress
}

/** Moves ERC-721 token `tokenId` of `token` (a decoration, or a sky) from `from` to `to`. */
export async function transferToken(
  stack: StackInfo,
  rpc: Rpc,
  token: Address,
  from: Address,
  to: Address,
  tokenId: bigint,
) {
  await send(stack, rpc, {
    from,
    to: token,
    data: encodeFunctionData({ abi: decorationTokenAbi, functionName: 'transferFrom', args: [from, to, tokenId] }),
  })
}
