import { chainellationAbi } from '@chainellation/contracts'
import { createPublicClient, encodeFunctionData, type Hex, http, parseEventLogs, toHex, zeroAddress } from 'viem'
import type { StackInfo } from './stack-env'
import type { Address } from './test-wallet'

/** What the local stack charges for a sky with every trait left to it (scripts/src/stack.ts). */
export const SKY_PRICE = 10n ** 16n

const DAY = 86_400

const clientOf = (stack: StackInfo) => createPublicClient({ transport: http(stack.rpcUrl) })

type Rpc = (method: string, params: unknown[]) => Promise<unknown>

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

/** Mints a sky over `tzOffset` for `from` (anvil signs for its default accounts) and returns its id. */
export async function mintSky(stack: StackInfo, rpc: Rpc, from: Address, tzOffset: number): Promise<bigint> {
  const hash = (await rpc('eth_sendTransaction', [
    {
      from,
      to: stack.contracts.Chainellation,
      value: toHex(SKY_PRICE),
      data: encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [tzOffset] }),
    },
  ])) as Hex
  const receipt = await clientOf(stack).waitForTransactionReceipt({ hash, pollingInterval: 50 })
  const minted = parseEventLogs({ abi: chainellationAbi, eventName: 'Transfer', logs: receipt.logs }).find(
    (log) => log.args.from === zeroAddress,
  )
  if (!minted) throw new Error(`mint ${hash} minted nothing`)
  return minted.args.id
}

/** Sky `skyId`'s stored traits and progress. */
export const skyOf = (stack: StackInfo, skyId: bigint) =>
  clientOf(stack).readContract({
    address: stack.contracts.Chainellation as Address,
    abi: chainellationAbi,
    functionName: 'skyOf',
    args: [skyId],
  })
