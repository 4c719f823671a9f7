import {
  BaseError,
  createTransport,
  type EIP1193RequestFn,
  fallback,
  HttpRequestError,
  http,
  RpcRequestError,
  type Transport,
  withRetry,
} from 'viem'
import { sepolia } from 'wagmi/chains'
import { env } from '@/config/env'
import { localChain } from './chains'
import { chainBusy, isThrottled } from './utils/chain-busy'

/** The product's RPC defaults (docs/decisions/rpc-faults.md): a request's timeout, retries from a base delay doubling. */
export const RPC_DEFAULTS = { timeout: 10_000, retryCount: 3, retryDelay: 150 } as const

/** JSON-RPC error codes viem retries (unknown, limit exceeded, internal error, rate limits); every other one is final. */
const RETRIED_RPC_CODES: ReadonlySet<number> = new Set([-1, -32005, -32603, 429, -32007])

/**
 * Whether a failed request is tried again: after a network failure or a timeout, yes; after an HTTP error status,
 * never (403, 408, 413, 429, 500, 502, 503 and 504 among them, where the endpoint refused or is overloaded and
 * asking again adds load; viem retries no other status); after a JSON-RPC error from a node that answered, as viem
 * decides. viem's own rule retries exactly those statuses, so it cannot be used as is (docs/decisions/rpc-faults.md).
 */
export function shouldRetry(error: Error): boolean {
  const http =
    error instanceof BaseError
      ? (error.walk((e) => e instanceof HttpRequestError || e instanceof RpcRequestError) as
          | HttpRequestError
          | RpcRequestError
          | null)
      : null
  if (http?.status !== undefined) return false
  const code = 'code' in error && typeof error.code === 'number' ? error.code : undefined
  if (code !== undefined) return RETRIED_RPC_CODES.has(code)
  return true
}

export type EndpointsOptions = { timeout?: number; retryCount?: number; retryDelay?: number }

/**
 * One chain's JSON-RPC endpoints over HTTP, in order of preference (`undefined`: the chain's public endpoint). A
 * request that fails at one endpoint goes to the next at once; once every endpoint has failed, the whole round is
 * retried by {@link shouldRetry}, after 150, 300 and 600 ms.
 */
export function endpoints(urls: readonly (string | undefined)[], options: EndpointsOptions = {}): Transport {
  const { timeout, retryCount, retryDelay } = { ...RPC_DEFAULTS, ...options }
  const round = fallback(
    urls.map((url) => http(url, { timeout, retryCount: 0 })),
    { retryCount: 0 },
  )
  return (params) => {
    const inner = round({ ...params, timeout, retryCount: 0 })
    // Every endpoint's answer passes here, the ones a later endpoint made up for included: a provider's "too many
    // requests" marks the chain busy, so a page whose read then fails says so rather than that nothing answered.
    const chainId = params.chain?.id
    inner.value?.onResponse((response) => {
      if (response.status === 'error' && chainId !== undefined && isThrottled(response.error))
        chainBusy.throttled(chainId)
    })
    const request: EIP1193RequestFn = (args, requestOptions) =>
      withRetry(() => inner.request(args, requestOptions), {
        retryCount,
        delay: ({ count }) => 2 ** count * retryDelay,
        shouldRetry: ({ error }) => shouldRetry(error),
        signal: requestOptions?.signal,
      })
    return createTransport(
      {
        key: inner.config.key,
        name: inner.config.name,
        type: inner.config.type,
        timeout,
        // The rounds retry, not each request inside them.
        retryCount: 0,
        request,
      },
      inner.value,
    )
  }
}

/** Sepolia endpoints in order of preference: the configured node and providers, then the public endpoint. */
export function sepoliaUrls(keys: { url?: string; alchemy?: string; infura?: string }): (string | undefined)[] {
  return [
    keys.url,
    keys.alchemy && `https://eth-sepolia.g.alchemy.com/v2/${keys.alchemy}`,
    keys.infura && `https://sepolia.infura.io/v3/${keys.infura}`,
    undefined, // the chain's public endpoint
  ].filter((url, i, all) => url !== undefined || i === all.length - 1)
}

/** One transport per chain; each falls back to the chain's next endpoint when one fails. */
export const transports: Record<number, Transport> = {
  [sepolia.id]: endpoints(
    sepoliaUrls({ url: env.VITE_SEPOLIA_RPC_URL, alchemy: env.VITE_ALCHEMY_API_KEY, infura: env.VITE_INFURA_API_KEY }),
  ),
  [localChain.id]: endpoints(localChain.rpcUrls.default.http),
}
