// @vitest-environment jsdom
// TanStack Query runs refetch intervals only where there is a window.
import { chainellationAbi, MULTICALL3_ADDRESS } from '@chainellation/contracts'
import { QueryObserver } from '@tanstack/react-query'
import {
  createPublicClient,
  encodeAbiParameters,
  encodeErrorResult,
  encodeFunctionResult,
  http,
  multicall3Abi,
} from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { hangUp, nodesClosedAfterEach, result, rpcError, silent, status } from '../testing/json-rpc-node'
import { createQueryClient, isUnanswered } from './query-client'

const SKIES = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const supply = (n: bigint) => result(encodeAbiParameters([{ type: 'uint256' }], [n]))
const revertData = encodeErrorResult({ abi: chainellationAbi, errorName: 'TokenDoesNotExist' })
const nonexistentSky = rpcError(3, 200, revertData)

const node = nodesClosedAfterEach()

/**
 * How long a read waits for an answer. A node that answers does so at once; but a test machine under load may take
 * more than a few hundred milliseconds to get to it, and a read that times out is one the chain did not answer, so
 * only the test of a silent node waits less (SILENT_MS).
 */
const ANSWER_MS = 10_000
const SILENT_MS = 100

/** Reads the game's supply from `url` the way a page does, without the transport's own retries. */
const readSupply = (url: string, timeout = ANSWER_MS) =>
  createPublicClient({ transport: http(url, { retryCount: 0, timeout }) }).readContract({
    address: SKIES,
    abi: chainellationAbi,
    functionName: 'totalSupply',
  })

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('the read succeeded'),
    (error: unknown) => error,
  )

describe('isUnanswered', () => {
  it.each([
    ['a node that closes the connection', hangUp, ANSWER_MS],
    ['a node too slow to answer', silent, SILENT_MS],
    ['HTTP 429', status(429), ANSWER_MS],
    ['HTTP 500', status(500), ANSWER_MS],
    ['a JSON-RPC internal error', rpcError(-32603), ANSWER_MS],
  ])('is true for a read that met %s', async (_, answer, timeout) => {
    const { url } = await node(answer)
    expect(isUnanswered(await errorOf(readSupply(url, timeout)))).toBe(true)
  })

  it('is true for a node that refuses connections', async () => {
    const gone = await node(silent)
    gone.close()
    expect(isUnanswered(await errorOf(readSupply(gone.url)))).toBe(true)
  })

  it('is false for the chain’s own answers: a revert (also as some nodes send it), an address without code', async () => {
    const reverted = await node(nonexistentSky)
    expect(isUnanswered(await errorOf(readSupply(reverted.url)))).toBe(false)
    const hardhatStyle = await node(rpcError(-32603, 200, revertData))
    expect(isUnanswered(await errorOf(readSupply(hardhatStyle.url)))).toBe(false)
    const empty = await node(result('0x'))
    expect(isUnanswered(await errorOf(readSupply(empty.url)))).toBe(false)
  })

  it('is false for errors that are not the chain’s', () => {
    expect(isUnanswered(new Error('Draft not found'))).toBe(false)
    expect(isUnanswered(null)).toBe(false)
  })
})

/** Reads the supply and a sky's image in one multicall, each call allowed to fail, as `useReadContracts` does. */
const readSupplyAndSky = (url: string) =>
  createPublicClient({ transport: http(url, { retryCount: 0, timeout: ANSWER_MS }) }).multicall({
    multicallAddress: MULTICALL3_ADDRESS,
    contracts: [
      { address: SKIES, abi: chainellationAbi, functionName: 'totalSupply' },
      { address: SKIES, abi: chainellationAbi, functionName: 'tokenURI', args: [7n] },
    ],
  })

/** Multicall3's answer: the supply is 12, sky #7 was never minted. */
const supplyAndNoSky = result(
  encodeFunctionResult({
    abi: multicall3Abi,
    functionName: 'aggregate3',
    result: [
      { success: true, returnData: encodeAbiParameters([{ type: 'uint256' }], [12n]) },
      { success: false, returnData: revertData },
    ],
  }),
)

describe('createQueryClient', () => {
  /** Watches a read of the supply from `url`, as a mounted page does. */
  function watchSupply(url: string) {
    const client = createQueryClient({ retryUnansweredEvery: 50 })
    const observer = new QueryObserver(client, { queryKey: ['supply', url], queryFn: () => readSupply(url) })
    const stop = observer.subscribe(() => {})
    return { observer, stop }
  }

  it('reads again by itself while the chain does not answer, and shows the answer once it does', async () => {
    const chain = await node(hangUp)
    const { observer, stop } = watchSupply(chain.url)
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'))
    await vi.waitFor(() => expect(chain.requests.length).toBeGreaterThanOrEqual(3))
    chain.answer = supply(12n)
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(12n))
    const answered = chain.requests.length
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(chain.requests).toHaveLength(answered)
    stop()
  })

  it('fails a multicall the chain did not answer as a whole, and reads it again until the chain answers', async () => {
    const chain = await node(hangUp)
    const client = createQueryClient({ retryUnansweredEvery: 50 })
    const observer = new QueryObserver(client, { queryKey: ['both'], queryFn: () => readSupplyAndSky(chain.url) })
    const stop = observer.subscribe(() => {})
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'))
    expect(isUnanswered(observer.getCurrentResult().error)).toBe(true)
    chain.answer = supplyAndNoSky
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'))
    const [supplyRead, skyRead] = observer.getCurrentResult().data ?? []
    expect(supplyRead).toEqual({ status: 'success', result: 12n })
    // The chain's own answer for one call stays that call's failure, and is not read again.
    expect(skyRead?.status).toBe('failure')
    const answered = chain.requests.length
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(chain.requests).toHaveLength(answered)
    stop()
  })

  it('does not read again after the chain answered with a revert', async () => {
    const chain = await node(nonexistentSky)
    const { observer, stop } = watchSupply(chain.url)
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(chain.requests).toHaveLength(1)
    stop()
  })

  it('by default reads again every 4 seconds (the product’s polling interval), never at once nor on focus', async () => {
    const chain = await node(hangUp)
    const client = createQueryClient()
    const defaults = client.getDefaultOptions().queries
    expect(defaults).toMatchObject({ retry: 0, refetchOnWindowFocus: false })
    await client.fetchQuery({ queryKey: ['supply'], queryFn: () => readSupply(chain.url) }).catch(() => {})
    const query = client.getQueryCache().find({ queryKey: ['supply'] })
    const interval = defaults?.refetchInterval
    expect(query?.state.status).toBe('error')
    expect(typeof interval === 'function' && query ? interval(query) : interval).toBe(4000)
  })
})
