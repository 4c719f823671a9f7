import type { APIRequestContext } from '@playwright/test'
import { expect } from './fixtures'
import type { StackInfo } from './stack-env'

type Rpc = (method: string, params: unknown[]) => Promise<unknown>

/**
 * Waits until the gallery's index has followed the chain to its current head, so that what a test just sent is in
 * the index's answers: the head is read after the test's transactions were mined.
 */
export async function waitForIndex(request: APIRequestContext, stack: StackInfo, rpc: Rpc): Promise<void> {
  const head = Number(await rpc('eth_blockNumber', []))
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${stack.webUrl}/api/discovery/sync`)
        if (!answer.ok()) return -1
        return ((await answer.json()) as { indexedBlock: number | null }).indexedBlock ?? -1
      },
      { message: `the index reaches block ${head}`, intervals: [100, 250, 500] },
    )
    .toBeGreaterThanOrEqual(head)
}
