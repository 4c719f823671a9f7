import { constellations } from '@chainellation/contracts'
import fc from 'fast-check'
import { hexToBigInt, keccak256, numberToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { base64, cachedSkies, defaultTraits, renderSky, SKY_CACHE_SIZE, type Sky } from './render'

const MAX_UINT256 = 2n ** 256n - 1n
const skyId = fc.oneof(fc.bigInt({ min: 0n, max: 65_535n }), fc.bigInt({ min: 0n, max: MAX_UINT256 }))

describe('defaultTraits', () => {
  // Read with `skyOf` from the skies 1-8 that `mint(0)` gave on a fresh local deployment; the parity test
  // checks more against the chain itself.
  it.each([
    [1n, 198, 210, 3, 4],
    [2n, 302, 51, 11, 2],
    [3n, 83, 329, 5, 2],
    [4n, 315, 131, 16, 4],
    [5n, 240, 243, 2, 1],
    [6n, 207, 116, 16, 2],
    [7n, 296, 262, 11, 3],
    [8n, 347, 115, 15, 1],
  ])('gives sky %i the traits the contract gave it', (id, primaryHue, secondaryHue, constellation, clouds) => {
    expect(defaultTraits(id)).toEqual({ primaryHue, secondaryHue, constellation, clouds })
  })

  it("reads 16-bit fields of keccak256(abi.encode(skyId)) as the contract's _traits does", () => {
    fc.assert(
      fc.property(skyId, (id) => {
        // abi.encode of one uint256 is its 32-byte big-endian word.
        const seed = hexToBigInt(keccak256(numberToHex(id, { size: 32 })))
        expect(defaultTraits(id)).toEqual({
          primaryHue: Number(seed % 360n),
          secondaryHue: Number((seed >> 16n) % 360n),
          constellation: 1 + Number((seed >> 32n) % 16n),
          clouds: 1 + Number((seed >> 48n) % 4n),
        })
      }),
    )
  })

  it('stays within what a stored sky can hold', () => {
    fc.assert(
      fc.property(skyId, (id) => {
        const { primaryHue, secondaryHue, constellation, clouds } = defaultTraits(id)
        expect(primaryHue).toBeGreaterThanOrEqual(0)
        expect(primaryHue).toBeLessThan(360)
        expect(secondaryHue).toBeGreaterThanOrEqual(0)
        expect(secondaryHue).toBeLessThan(360)
        expect(constellation).toBeGreaterThanOrEqual(1)
        expect(constellation).toBeLessThanOrEqual(constellations.length)
        expect(clouds).toBeGreaterThanOrEqual(1)
        expect(clouds).toBeLessThanOrEqual(4)
      }),
    )
  })
})

describe('base64', () => {
  const node = (text: string) => Buffer.from(text, 'utf8').toString('base64')

  it.each([
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
    ['☾ ✦', '4pi+IOKcpg=='],
  ])('encodes %j as %j', (text, encoded) => {
    expect(base64(text)).toBe(encoded)
  })

  it('matches Buffer for any string of graphemes', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => base64(text) === node(text)))
  })

  it('matches Buffer for any string of code points, lone surrogates included (both write U+FFFD)', () => {
    const codePoint = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp))
    fc.assert(fc.property(fc.string({ unit: codePoint, maxLength: 200 }), (text) => base64(text) === node(text)))
  })

  it('matches Buffer across the chunks it converts in', () => {
    // 0x8000 bytes a chunk: multi-byte characters here straddle the chunk boundaries.
    const text = '☾✦🌌é'.repeat(12_000)
    expect(base64(text)).toBe(node(text))
  })
})

describe('the cache of what a sky id decides', () => {
  const sky = (traits: Partial<Sky> = {}): Sky => ({
    tzOffset: 0,
    primaryHue: 220,
    secondaryHue: 280,
    constellation: 3,
    clouds: 4,
    gazes: 5,
    lastGaze: 0,
    ...traits,
  })
  /** Draws enough other skies that `skyId`'s parts are no longer kept. */
  const evict = (skyId: bigint) => {
    for (let i = 1n; i <= BigInt(SKY_CACHE_SIZE); i++) renderSky(skyId + 1_000n + i, sky(), 22)
  }

  it('draws a sky the same from its kept parts as from fresh ones', () => {
    evict(77n)
    const fresh = [renderSky(77n, sky(), 22), renderSky(77n, sky(), 13), defaultTraits(77n)]
    const kept = [renderSky(77n, sky(), 22), renderSky(77n, sky(), 13), defaultTraits(77n)]
    expect(kept).toEqual(fresh)
    evict(77n)
    expect([renderSky(77n, sky(), 22), renderSky(77n, sky(), 13), defaultTraits(77n)]).toEqual(fresh)
  })

  it('works out the clouds a drawing asks for beyond those kept', () => {
    evict(78n)
    const overcast = renderSky(78n, sky({ clouds: 4 }), 22)
    evict(78n)
    renderSky(78n, sky({ clouds: 2 }), 22)
    expect(renderSky(78n, sky({ clouds: 4 }), 22)).toBe(overcast)
  })

  it('keeps no other sky in a sky', () => {
    const night = (id: bigint) => renderSky(id, sky(), 22)
    const alone = [night(5n), night(6n)]
    evict(5n)
    evict(6n)
    expect(night(6n)).toBe(alone[1])
    expect(night(5n)).toBe(alone[0])
    expect(alone[0]).not.toBe(alone[1])
  })

  it('keeps at most SKY_CACHE_SIZE skies, the ones drawn last', () => {
    const size = BigInt(SKY_CACHE_SIZE)
    for (let id = 0n; id < size * 3n; id++) renderSky(id, sky(), 22)
    const last = Array.from({ length: SKY_CACHE_SIZE }, (_, i) => size * 2n + BigInt(i))
    expect(cachedSkies()).toEqual(last)
    // Drawn again, the oldest is kept; the next oldest makes way for a new sky.
    renderSky(size * 2n, sky(), 13)
    defaultTraits(10_000n)
    expect(cachedSkies()).toEqual([...last.slice(2), size * 2n, 10_000n])
  })
})
