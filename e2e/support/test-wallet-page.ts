// The test wallet's side in the page: the EIP-1193 provider it injects and announces by EIP-6963, which hands every
// request to the wallet in Node through a binding, and the events the wallet sends the page's listeners.
import type { Page } from '@playwright/test'
import type { Outcome } from './test-wallet-rpc'

/** The binding through which the page's provider asks the wallet. */
export const BINDING = '__chainellationTestWallet'
/** The page's function through which the wallet tells the provider's listeners of an event. */
const EMIT = '__chainellationTestWalletEmit'

type Emit = (event: string, data: unknown) => void

/** How the wallet presents itself (EIP-6963's provider info). */
export type ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }

/** Installs the provider in `page` from its next navigation on, announcing it with `info`. */
export async function injectProvider(page: Page, info: ProviderInfo): Promise<void> {
  await page.addInitScript(inject, { info, binding: BINDING, emit: EMIT })
}

/** Tells the provider's listeners in each of `pages` of `event`. */
export async function emitIn(pages: Iterable<Page>, event: string, data: unknown): Promise<void> {
  await Promise.all(
    [...pages].map((page) =>
      page
        .evaluate(([name, fn, arg]) => (window as unknown as Record<string, Emit>)[fn]?.(name, arg), [
          event,
          EMIT,
          data,
        ] as const)
        // A page that is navigating or closing has no listeners to tell.
        .catch(() => {}),
    ),
  )
}

/** Runs in the page (serialised by Playwright): the provider object and its EIP-6963 announcement. */
function inject({ info, binding, emit }: { info: ProviderInfo; binding: string; emit: string }) {
  const scope = window as unknown as Record<string, unknown>
  const call = scope[binding] as (method: string, params: unknown[]) => Promise<Outcome>
  const listeners = new Map<string, Set<(data: unknown) => void>>()
  type Listener = (data: unknown) => void

  const provider = {
    async request(args: { method: string; params?: unknown[] }) {
      if (!args || typeof args.method !== 'string') {
        throw Object.assign(new Error('Invalid request'), { code: -32600 })
      }
      const outcome = await call(args.method, args.params ?? [])
      if ('error' in outcome) {
        throw Object.assign(new Error(outcome.error.message), outcome.error)
      }
      return outcome.result
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return provider
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  Object.assign(provider, { addListener: provider.on, off: provider.removeListener })

  scope[emit] = (event: string, data: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(data)
      } catch (error) {
        console.error(error)
      }
    }
  }

  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: { ...info }, provider }) }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  // Like an extension once it reaches its node: EIP-1193 `connect` carries the chain id.
  void provider
    .request({ method: 'eth_chainId' })
    .then((chainId) => (scope[emit] as Emit)('connect', { chainId }))
    .catch(() => {})
}
