// The names module on its own: which avatars pass, the cache's bound, and forward lookups (name → address) on the
// local ENS stand-in.
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import { deployLocalUniversalResolver, setLocalName } from '@chainellation/contracts/ens'
import { anvilAccount } from '@chainellation/contracts/safe'
import type { Address } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { displayableAvatar, ensNames, MAX_AVATAR_DATA_BYTES, NamesUnavailableError, normalizedName } from './ens'

let anvil: Anvil
let resolver: Address
const [alice, bob, carol] = [anvilAccount(1), anvilAccount(2), anvilAccount(3)]

beforeAll(async () => {
  anvil = await startAnvil()
  resolver = await deployLocalUniversalResolver({ rpcUrl: anvil.rpcUrl, deployer: anvilAccount(0) })
  await setLocalName({ rpcUrl: anvil.rpcUrl, resolver, account: alice, name: { name: 'alice.eth' } })
}, 60_000)

afterAll(async () => {
  await anvil?.stop()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

/** Counts the JSON-RPC requests made to anvil from here on. */
function countRequests() {
  const real = globalThis.fetch
  const counted = { requests: 0 }
  vi.stubGlobal('fetch', (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (String(input).startsWith(anvil.rpcUrl)) counted.requests++
    return real(input, init)
  })
  return counted
}

describe('displayableAvatar', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo='
  it.each([
    ['https://avatars.example/a.png', 'https://avatars.example/a.png'],
    ['https://avatars.example', 'https://avatars.example/'],
    [`https://avatars.example/${'a'.repeat(2048 - 24)}`, `https://avatars.example/${'a'.repeat(2048 - 24)}`],
    [png, png],
    ['data:image/svg+xml;base64,PHN2Zy8+', 'data:image/svg+xml;base64,PHN2Zy8+'],
    ['data:image/webp,abc', 'data:image/webp,abc'],
    [`data:image/gif;base64,${'A'.repeat(MAX_AVATAR_DATA_BYTES - 22)}`, expect.any(String)],
  ])('passes %j', (uri, shown) => {
    expect(displayableAvatar(uri)).toEqual(shown)
  })

  it.each([
    ['none', null],
    ['an https URL over 2,048 characters', `https://avatars.example/${'a'.repeat(2049 - 24)}`],
    ['plain http', 'http://avatars.example/a.png'],
    ['javascript:', 'javascript:alert(1)'],
    ['an unresolved ipfs: URL', 'ipfs://QmSP4nq9fnN9dAiCj42ug9Wa79rqmQerZXZch82VqpiH7U'],
    ['a data URL of HTML', 'data:text/html;base64,PHNjcmlwdD4='],
    ['a data URL of an image type browsers may not draw', 'data:image/tiff;base64,AAAA'],
    ['a data URL over 64 KiB', `data:image/gif;base64,${'A'.repeat(MAX_AVATAR_DATA_BYTES - 21)}`],
    ['not a URL', 'avatar.png'],
  ])('drops %s', (_, uri) => {
    expect(displayableAvatar(uri)).toBeNull()
  })
})

describe('normalizedName', () => {
  it('normalizes by ENSIP-15, or answers null', () => {
    expect(normalizedName('Alice.ETH')).toBe('alice.eth')
    expect(normalizedName('alice.eth')).toBe('alice.eth')
    expect(normalizedName('bad name.eth')).toBeNull()
    expect(normalizedName('a..eth')).toBeNull()
  })
})

describe('ensNames', () => {
  const config = () => ({ rpcUrl: anvil.rpcUrl, universalResolver: resolver })

  it('keeps at most maxEntries addresses, dropping the least recently used', async () => {
    const names = ensNames({ config: config(), maxEntries: 2 })
    const counted = countRequests()
    await names.lookup(alice.address)
    await names.lookup(bob.address)
    const afterTwo = counted.requests
    await names.lookup(alice.address)
    expect(counted.requests, 'both kept').toBe(afterTwo)
    await names.lookup(carol.address)
    const afterThree = counted.requests
    // Bob was used least recently, so he made room for Carol; Alice is still kept.
    await names.lookup(alice.address)
    expect(counted.requests).toBe(afterThree)
    await names.lookup(bob.address)
    expect(counted.requests).toBeGreaterThan(afterThree)
  })

  it('answers no name without asking anything when no node is configured', async () => {
    const counted = countRequests()
    const names = ensNames()
    expect(names.enabled).toBe(false)
    expect(await names.lookup(alice.address)).toEqual({ address: alice.address, name: null, avatar: null })
    expect(await names.addressOf('alice.eth')).toBeNull()
    expect(counted.requests).toBe(0)
  })

  describe('addressOf', () => {
    it('resolves a name to the address its record names, normalizing it first (ENSIP-15)', async () => {
      const names = ensNames({ config: config() })
      expect(await names.addressOf('alice.eth')).toBe(alice.address)
      expect(await names.addressOf('Alice.ETH')).toBe(alice.address)
    })

    it('answers null for a name nobody holds', async () => {
      expect(await ensNames({ config: config() }).addressOf('nobody.eth')).toBeNull()
    })

    it('answers null for a name that cannot be normalized, asking nothing', async () => {
      const names = ensNames({ config: config() })
      const counted = countRequests()
      for (const name of ['bad name.eth', 'a..eth', '']) expect(await names.addressOf(name)).toBeNull()
      expect(counted.requests).toBe(0)
    })

    it('rejects with NamesUnavailableError when the node does not answer', async () => {
      const names = ensNames({ config: { rpcUrl: 'http://127.0.0.1:9', universalResolver: resolver } })
      await expect(names.addressOf('alice.eth')).rejects.toBeInstanceOf(NamesUnavailableError)
      await expect(names.lookup(alice.address)).rejects.toBeInstanceOf(NamesUnavailableError)
    })
  })
})
