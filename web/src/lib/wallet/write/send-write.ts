import type { Hash } from 'viem'
import { getAccount, sendCalls, simulateContract, writeContract } from 'wagmi/actions'
import { errorMessage, isUserRejection, walletErrorMessage } from '../utils/error-message'
import { follow } from './follow-write'
import { type PendingWrite, savePending } from './pending-write'
import { RelayRefusal } from './sponsored-write'
import type { Call, Description } from './write-call'
import type { Owner, WriteContext } from './write-context'
import { IDLE, type WriteState } from './write-state'

/**
 * Simulates, sends and follows one write for `owner`: relayed when the game pays its gas (unless `ownGas`), from
 * the wallet otherwise.
 */
export async function send(
  ctx: WriteContext,
  owner: Owner,
  id: number,
  call: Call,
  description: Description,
  ownGas = false,
) {
  const { config, sponsor } = ctx
  let text: string | undefined
  const set = (state: WriteState) => ctx.update(owner, id, state, text)
  let hash: Hash | undefined
  let asked = false
  try {
    set({ status: 'confirming' })
    const simulated = await simulateContract(config, { ...call, account: owner.address, chainId: owner.chainId })
    // The wallet switched while the call was checked: nothing is sent for an account or chain left behind.
    if (!ctx.isCurrent(owner)) {
      set(IDLE)
      return undefined
    }
    const sponsored = !ownGas && !!sponsor && (await sponsor.covers(owner, call))
    if (!ctx.isCurrent(owner)) {
      set(IDLE)
      return undefined
    }
    asked = true
    ctx.refused.delete(owner.key)
    try {
      hash = sponsored ? await sponsor.send(owner, call) : await writeContract(config, simulated.request)
    } catch (error) {
      if (error instanceof RelayRefusal) {
        ctx.refused.set(owner.key, { call, description })
        set({ status: 'error', message: error.message, payGas: true })
        return undefined
      }
      throw error
    }
    const viaSafe = !sponsored && getAccount(config).connector?.type === 'safe'
    text = typeof description === 'function' ? description(simulated.result) : description
    const pending: PendingWrite = { hash, description: text, ...(viaSafe && { safe: true as const }) }
    const key = ctx.storageKey(owner)
    if (key) savePending(ctx.storage(), key, pending)
    if (!viaSafe && ctx.isCurrent(owner)) ctx.record({ hash, description: text })
    return await follow(ctx, owner, id, pending)
  } catch (error) {
    // A rejection is not an error; nor is the wallet's answer about a request the player has since left.
    if (isUserRejection(error) || (asked && !ctx.isCurrent(owner))) set(IDLE)
    else set({ status: 'error', message: asked ? walletErrorMessage(error) : errorMessage(error), hash })
    return undefined
  }
}

/**
 * Simulates each of `calls`, then has the wallet send them as one atomic batch (EIP-5792 `wallet_sendCalls`) and
 * follows it: a Safe's batch as one Safe transaction (its MultiSend), another wallet's by the batch's status. The
 * wallet pays: the game's relayer sends one call per request.
 */
export async function sendBatch(
  ctx: WriteContext,
  owner: Owner,
  id: number,
  calls: readonly Call[],
  description: string,
) {
  const { config } = ctx
  const set = (state: WriteState) => ctx.update(owner, id, state, description)
  let asked = false
  try {
    set({ status: 'confirming' })
    for (const call of calls)
      await simulateContract(config, { ...call, account: owner.address, chainId: owner.chainId })
    if (!ctx.isCurrent(owner)) {
      set(IDLE)
      return undefined
    }
    asked = true
    ctx.refused.delete(owner.key)
    const { id: batch } = await sendCalls(config, {
      account: owner.address,
      chainId: owner.chainId,
      forceAtomic: true,
      calls: calls.map(({ address, abi, functionName, args, value }) => ({
        to: address,
        abi,
        functionName,
        args,
        ...(value && { value }),
      })),
    })
    const viaSafe = getAccount(config).connector?.type === 'safe'
    const pending: PendingWrite = viaSafe
      ? { hash: batch as Hash, safe: true, description }
      : { calls: batch, description }
    const key = ctx.storageKey(owner)
    if (key) savePending(ctx.storage(), key, pending)
    return await follow(ctx, owner, id, pending)
  } catch (error) {
    if (isUserRejection(error) || (asked && !ctx.isCurrent(owner))) set(IDLE)
    else set({ status: 'error', message: asked ? walletErrorMessage(error) : errorMessage(error) })
    return undefined
  }
}
