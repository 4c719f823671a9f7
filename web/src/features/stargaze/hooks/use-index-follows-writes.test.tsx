import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { minedBlocks } from '@/lib/wallet/write/mined-blocks'
import { useIndexBehind, WRITE_WAIT_INTERVAL } from './use-index-sync'

const sync = vi.hoisted(() => ({ indexedBlock: 0, calls: 0 }))
vi.mock('../api/discovery', () => ({
  fetchSync: async () => {
    sync.calls++
    return {
      chainId: 4_242,
      ready: true,
      indexedBlock: sync.indexedBlock,
      headBlock: 60,
      behind: 60 - sync.indexedBlock,
    }
  },
}))

afterEach(() => vi.useRealTimers())

describe('the gallery after a write of the player’s', () => {
  it('asks the index every 2 s until it has the write’s block, then asks the gallery again, once', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    // A gallery answer the page already holds, from before the write was indexed.
    let galleryAsked = 0
    client.setQueryData(['discovery', 'skies', { sort: 'newest' }], { skies: [] })
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate') galleryAsked++
    })

    sync.indexedBlock = 48
    minedBlocks.mined(4_242, 50n)
    const { result } = renderHook(() => useIndexBehind(true), { wrapper })
    await waitFor(() => expect(result.current).toBe(12))
    expect(sync.calls).toBe(1)
    expect(galleryAsked).toBe(0)

    // Not there yet: asked again after 2 s, well before the 15 s it waits otherwise.
    sync.indexedBlock = 49
    await waitFor(() => expect(sync.calls).toBe(2), { timeout: WRITE_WAIT_INTERVAL + 5_000 })
    expect(galleryAsked).toBe(0)

    sync.indexedBlock = 50
    await waitFor(() => expect(galleryAsked).toBe(1), { timeout: WRITE_WAIT_INTERVAL + 5_000 })
    expect(client.getQueryState(['discovery', 'skies', { sort: 'newest' }])?.isInvalidated).toBe(true)
  }, 20_000)
})
