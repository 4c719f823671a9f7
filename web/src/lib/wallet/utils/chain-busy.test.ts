import { HttpRequestError, LimitExceededRpcError, RpcRequestError } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { BUSY_FOR_MS, chainBusyStore, isThrottled } from './chain-busy'

describe('isThrottled', () => {
  it('knows a provider’s 429, as an HTTP status or a JSON-RPC code, and EIP-1474’s limit exceeded', () => {
    expect(isThrottled(new HttpRequestError({ url: 'https://rpc.example', status: 429 }))).toBe(true)
    const rpc429 = new RpcRequestError({
      url: 'https://rpc.example',
      body: {},
      error: { code: 429, message: 'slow down' },
    })
    expect(isThrottled(rpc429)).toBe(true)
    const limit = new RpcRequestError({
      url: 'https://rpc.example',
      body: {},
      error: { code: -32005, message: 'limit' },
    })
    expect(isThrottled(new LimitExceededRpcError(limit))).toBe(true)
  })

  it('tells other failures apart', () => {
    expect(isThrottled(new HttpRequestError({ url: 'https://rpc.example', status: 503 }))).toBe(false)
    expect(isThrottled(new HttpRequestError({ url: 'https://rpc.example' }))).toBe(false)
    expect(isThrottled(new Error('429'))).toBe(false)
  })
})

describe('chainBusyStore', () => {
  it('counts a chain busy for a while after a throttled answer, each chain apart, and tells its listeners', () => {
    let now = 1_000_000
    const store = chainBusyStore(() => now)
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    expect(store.isBusy(11155111)).toBe(false)
    store.throttled(11155111)
    expect(listener).toHaveBeenCalledTimes(1)
    expect(store.isBusy(11155111)).toBe(true)
    expect(store.isBusy(31337)).toBe(false)
    expect(store.isBusy(undefined)).toBe(false)
    now += BUSY_FOR_MS
    expect(store.isBusy(11155111)).toBe(false)
    unsubscribe()
    store.throttled(11155111)
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
