import { setTimeout as sleep } from 'node:timers/promises'
import type { SyncJson } from '@chainellation/indexer/json'
import { INDEXER_PROXY_CONTROL } from './indexer-proxy'
import { INDEXER_RPC_PROXY_CONTROL } from './indexer-rpc-proxy'
import type { StackInfo } from './stack-env'

/**
 * Cuts (`true`) or restores (`false`) the API's way to the indexer, and resolves once the API says so: while cut, every
 * request the API sends the indexer is closed without an answer, so `/api/discovery/...` answers 503 and the web app
 * falls back on chain reads. The API may go on for up to 2 s with the answers it kept (docs/decisions/indexer.md),
 * hence the wait for `/api/discovery/sync` to answer 503 (or, restored, 200).
 *
 * Every page of the app that reads the gallery, activity or collectors sees the cut, so a test that cuts must run
 * where nothing runs beside it: in a `*.clock.spec.ts` file (the `clock` project of playwright.config.ts runs alone,
 * one test at a time, after everything else), restoring the indexer in a `finally` or an `afterEach`.
 */
export async function setIndexerDown(stack: StackInfo, down: boolean, timeoutMs = 10_000): Promise<void> {
  const res = await fetch(new URL(INDEXER_PROXY_CONTROL, stack.indexerProxy.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ down }),
  })
  if (!res.ok) throw new Error(`the indexer proxy refused ${down ? 'the cut' : 'the restore'}: ${res.status}`)
  const wanted = down ? 503 : 200
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { status } = await indexerSync(stack).catch(() => ({ status: 0 }))
    if (status === wanted) return
    if (Date.now() > deadline) throw new Error(`the API still answered ${status} at /api/discovery/sync`)
    await sleep(100)
  }
}

/** {@link setIndexerDown}`(stack, true)`; the same rule: only in a `*.clock.spec.ts` file. */
export const cutIndexer = (stack: StackInfo) => setIndexerDown(stack, true)

/** {@link setIndexerDown}`(stack, false)`. */
export const restoreIndexer = (stack: StackInfo) => setIndexerDown(stack, false)

/**
 * Stalls (`true`) or releases (`false`) the indexer's way to the chain (support/indexer-rpc-proxy.ts): while stalled, the
 * indexer gets no new block and falls behind the chain as it moves on, and `/sync` says by how many blocks; released,
 * it catches up. Like a cut, this reaches every page that reads the index: only in a `*.clock.spec.ts` file, releasing
 * in a `finally` or an `afterEach`.
 */
export async function setIndexerStalled(stack: StackInfo, stalled: boolean): Promise<void> {
  const res = await fetch(new URL(INDEXER_RPC_PROXY_CONTROL, stack.indexerRpcProxy.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ stalled }),
  })
  if (!res.ok)
    throw new Error(`the indexer's RPC proxy refused ${stalled ? 'the stall' : 'the release'}: ${res.status}`)
}

/** {@link setIndexerStalled}`(stack, true)`; the same rule: only in a `*.clock.spec.ts` file. */
export const stallIndexer = (stack: StackInfo) => setIndexerStalled(stack, true)

/** {@link setIndexerStalled}`(stack, false)`. */
export const releaseIndexer = (stack: StackInfo) => setIndexerStalled(stack, false)

/** The indexer's progress as the app sees it (`GET /api/discovery/sync`), or the status it answered instead. */
export async function indexerSync(stack: StackInfo): Promise<{ status: number; sync?: SyncJson }> {
  const res = await fetch(new URL('/api/discovery/sync', stack.webUrl), { signal: AbortSignal.timeout(10_000) })
  return res.ok ? { status: res.status, sync: (await res.json()) as SyncJson } : { status: res.status }
}

/**
 * Resolves once the indexer, as the app's API reports it, has indexed `blockNumber` (the block of a transaction a
 * test sent, say), so what the test did shows in the gallery, activity and collectors. Throws after `timeoutMs`.
 */
export async function waitForIndexer(
  stack: StackInfo,
  blockNumber: bigint | number,
  timeoutMs = 15_000,
): Promise<SyncJson> {
  const deadline = Date.now() + timeoutMs
  let last: { status: number; sync?: SyncJson } | undefined
  for (;;) {
    last = await indexerSync(stack).catch(() => undefined)
    const indexed = last?.sync?.indexedBlock
    if (last?.sync && indexed !== null && indexed !== undefined && indexed >= Number(blockNumber)) return last.sync
    if (Date.now() > deadline) {
      throw new Error(
        `the indexer had not indexed block ${blockNumber} within ${timeoutMs} ms (last: ${JSON.stringify(last)})`,
      )
    }
    await sleep(200)
  }
}
