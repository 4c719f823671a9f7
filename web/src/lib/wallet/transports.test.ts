import { HttpRequestError, InternalRpcError, RpcRequestError, TimeoutError, type Transport } from 'viem'
import { describe, expect, it } from 'vitest'
import { localChain } from './chains'
import { hangUp, nodesClosedAfterEach, result, rpcError, silent, status } from './testing/json-rpc-node'
import { endpoints, RPC_DEFAULTS, sepoliaUrls, shouldRetry, transports } from './transports'
import { chainBusy } from './utils/chain-busy'

/** A real JSON-RPC endpoint on 127.0.0.1 that answers every request with `answer` and counts them. */
const endpoint = nodesClosedAfterEach()

const chainId = (transport: Transport) => transport({}).request({ method: 'eth_chainId' })
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('the request succeeded'),
    (error: Error) => error,
  )

describe('endpoints', () => {
  it.each([403, 408, 413, 429, 500, 502, 503, 504])('does not retry an HTTP %i', async (code) => {
    const node = await endpoint(status(code))
    const error = await failure(chainId(endpoints([node.url])))
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).status).toBe(code)
    expect(node.requests).toHaveLength(1)
  })

  it('does not retry an HTTP 500 whose body is a JSON-RPC internal error, which viem alone would retry', async () => {
    const node = await endpoint(rpcError(-32603, 500))
    expect(await failure(chainId(endpoints([node.url])))).toBeInstanceOf(InternalRpcError)
    expect(node.requests).toHaveLength(1)
  })

  it('retries a closed connection 3 times, after 150, 300 and 600 ms', async () => {
    const node = await endpoint(hangUp)
    const error = await failure(chainId(endpoints([node.url])))
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).status).toBeUndefined()
    expect(node.requests).toHaveLength(1 + RPC_DEFAULTS.retryCount)
    const gaps = node.requests.slice(1).map((at, i) => at - (node.requests[i] ?? 0))
    // Each wait is at least its delay; a busy machine may add to it.
    for (const [i, gap] of gaps.entries()) expect(gap, `wait ${i + 1}`).toBeGreaterThanOrEqual(150 * 2 ** i - 5)
  })

  it('retries a request that timed out', async () => {
    const node = await endpoint(silent)
    expect(await failure(chainId(endpoints([node.url], { timeout: 100, retryDelay: 1 })))).toBeInstanceOf(TimeoutError)
    expect(node.requests).toHaveLength(4)
  })

  it('retries a JSON-RPC internal error but not a refusal such as method not found', async () => {
    const internal = await endpoint(rpcError(-32603))
    expect(await failure(chainId(endpoints([internal.url], { retryDelay: 1 })))).toBeInstanceOf(InternalRpcError)
    expect(internal.requests).toHaveLength(4)
    const refusal = await endpoint(rpcError(-32601))
    await failure(chainId(endpoints([refusal.url], { retryDelay: 1 })))
    expect(refusal.requests).toHaveLength(1)
  })

  it('carries on at the next endpoint when one is down, refuses or is rate limited, asking each once', async () => {
    for (const answer of [hangUp, status(429), status(500), rpcError(-32603)]) {
      const first = await endpoint(answer)
      const second = await endpoint(result('0x7a69'))
      expect(await chainId(endpoints([first.url, second.url]))).toBe('0x7a69')
      expect([first.requests.length, second.requests.length]).toEqual([1, 1])
    }
  })

  it('goes round every endpoint again when all of them failed to answer', async () => {
    const first = await endpoint(hangUp)
    const second = await endpoint(hangUp)
    await failure(chainId(endpoints([first.url, second.url], { retryDelay: 1 })))
    expect([first.requests.length, second.requests.length]).toEqual([4, 4])
  })

  it('carries on past a node that refuses connections', async () => {
    const gone = await endpoint(silent)
    gone.close()
    const second = await endpoint(result('0x1'))
    expect(await chainId(endpoints([gone.url, second.url]))).toBe('0x1')
  })
})

describe('shouldRetry', () => {
  it('goes by the HTTP status before the JSON-RPC code', () => {
    const body = { method: 'eth_chainId' }
    const error = { code: -32603, message: 'internal error' }
    expect(shouldRetry(new RpcRequestError({ body, error, url: 'http://node', status: 503 }))).toBe(false)
    expect(shouldRetry(new RpcRequestError({ body, error, url: 'http://node' }))).toBe(true)
    expect(shouldRetry(new HttpRequestError({ body, url: 'http://node', status: 429 }))).toBe(false)
    expect(shouldRetry(new HttpRequestError({ body, url: 'http://node', cause: new TypeError('fetch failed') }))).toBe(
      true,
    )
  })
})

describe('transports', () => {
  it('gives the local chain its endpoints with the product’s 10 s timeout', () => {
    const local = transports[localChain.id]?.({ chain: localChain })
    expect(local?.config).toMatchObject({ type: 'fallback', timeout: RPC_DEFAULTS.timeout })
    expect(local?.value?.transports.map((t: ReturnType<Transport>) => t.value?.url)).toEqual(
      localChain.rpcUrls.default.http,
    )
  })
})

describe('a busy chain', () => {
  it('is marked when an endpoint answers 429, by the chain the transport serves, and not for other failures', async () => {
    const chain = { ...localChain, id: 424_242 }
    const busy = await endpoint(status(429))
    await failure(endpoints([busy.url])({ chain }).request({ method: 'eth_chainId' }))
    expect(chainBusy.isBusy(chain.id)).toBe(true)

    const other = { ...localChain, id: 424_243 }
    const down = await endpoint(status(503))
    await failure(endpoints([down.url])({ chain: other }).request({ method: 'eth_chainId' }))
    expect(chainBusy.isBusy(other.id)).toBe(false)
  })
})

describe('sepoliaUrls', () => {
  it('puts Alchemy, then Infura, then the public endpoint', () => {
    expect(sepoliaUrls({ alchemy: 'a', infura: 'i' })).toEqual([
      'https://eth-sepolia.g.alchemy.com/v2/a',
      'https://sepolia.infura.io/v3/i',
      undefined,
    ])
  })

  it('asks an operator’s own node first', () => {
    expect(sepoliaUrls({ url: 'https://node.example/rpc', infura: 'i' })).toEqual([
      'https://node.example/rpc',
      'https://sepolia.infura.io/v3/i',
      undefined,
    ])
  })

  it('uses the public endpoint alone when no provider key is set', () => {
    expect(sepoliaUrls({})).toEqual([undefined])
    expect(sepoliaUrls({ infura: 'i' })).toEqual(['https://sepolia.infura.io/v3/i', undefined])
  })
})
