import type { SyncJson } from '@chainellation/indexer/json'
import { expect } from '@playwright/test'
import type { StackInfo } from './stack-env'

type Rpc = (method: string, params: unknown[]) => Promise<unknown>

/**
 * Waits until the indexer, through the app's own API, has indexed every block mined so far: what a test did on the
 * chain is then what the app's discovery reads answer with.
 */
export async function waitForIndexer(stack: StackInfo, rpc: Rpc): Promise<void> {
  const head = Number(await rpc('eth_blockNumber', []))
  await expect
    .poll(
      async () => {
        const response = await fetch(`${stack.webUrl}/api/discovery/sync`)
        if (!response.ok) return -1
        return ((await response.json()) as SyncJson).indexedBlock ?? -1
      },
      { message: `the indexer reaching block ${head}`, intervals: [100, 200, 250] },
    )
    .toBeGreaterThanOrEqual(head)
}
