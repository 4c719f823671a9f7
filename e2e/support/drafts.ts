import type { APIRequestContext } from '@playwright/test'
import { toHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { decorationIdOf, type Rpc } from './chain'
import { expect } from './fixtures'
import type { StackInfo } from './stack-env'
import type { Address } from './test-wallet'

/**
 * Signs `account` in through the API as the web app does (EIP-4361: a nonce, the message, anvil's signature, the
 * verify), in `request`'s cookie jar: a page's `page.request` shares its context's cookies, so the page is then signed
 * in as if its owner had signed the message there. For tests whose subject comes after the sign-in, which
 * drafts.spec.ts plays through the page.
 */
export async function signInOverApi(request: APIRequestContext, stack: StackInfo, rpc: Rpc, account: Address) {
  const origin = new URL(stack.webUrl)
  const issued = await request.get('/api/auth/nonce')
  expect(issued.status(), await issued.text()).toBe(200)
  const { nonce } = (await issued.json()) as { nonce: string }
  const message = createSiweMessage({
    domain: origin.host,
    uri: origin.origin,
    address: account,
    chainId: stack.chainId,
    nonce,
    version: '1',
    statement: 'Sign in to chainellation.',
  })
  const signature = await rpc('personal_sign', [toHex(message), account])
  const verified = await request.post('/api/auth/verify', {
    headers: { Origin: origin.origin },
    data: { message, signature },
  })
  expect(verified.status(), await verified.text()).toBe(200)
}

/**
 * Saves, through the API and as the account `request` is signed in as, a draft of sky `skyId` with the free hills on
 * its silhouette and the free moon in its sky. Returns the draft's id and its share link's path.
 */
export async function saveDraftOverApi(request: APIRequestContext, stack: StackInfo, skyId: bigint, name: string) {
  const [hills, moon] = await Promise.all([
    decorationIdOf(stack, 'RollingHills'),
    decorationIdOf(stack, 'CrescentMoon'),
  ])
  const saved = await request.post('/api/drafts', {
    headers: { Origin: new URL(stack.webUrl).origin },
    data: {
      name,
      chainId: stack.chainId,
      skyId: skyId.toString(),
      layers: [
        { layer: 1, decorationId: hills, tokenId: '0' },
        { layer: 2, decorationId: moon, tokenId: '0' },
        { layer: 3, decorationId: 0, tokenId: '0' },
      ],
    },
  })
  expect(saved.status(), await saved.text()).toBe(201)
  const { id } = (await saved.json()) as { id: string }
  return { id, href: `/draft/${id}` }
}
