// Differential test: the TypeScript port must draw every sky byte for byte as the SkyRenderer contract does,
// so the web app's preview is the very image the chain will serve.

import { chainellationAbi, constellations, iDecorationAbi, skyRendererAbi } from '@chainellation/contracts'
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import { ANVIL_MNEMONIC, deployAll } from '@chainellation/contracts/deploy'
import fc from 'fast-check'
import { type Address, createPublicClient, createWalletClient, getAddress, http } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultTraits, type Layers, NO_LAYERS, renderSky, type Sky } from './render'

/**
 * Where `actual` first departs from `expected` (a UTF-16 offset), with a window of each around it and `▸` at the
 * offset; undefined when they are equal.
 */
function firstDifference(expected: string, actual: string, radius = 60): string | undefined {
  if (expected === actual) return undefined
  let at = 0
  while (at < expected.length && at < actual.length && expected[at] === actual[at]) at++
  const visible = (text: string) => text.replace(/[\n\r\t]/g, (c) => JSON.stringify(c).slice(1, -1))
  const around = (text: string) =>
    (at > radius ? '…' : '') +
    visible(text.slice(Math.max(0, at - radius), at)) +
    '▸' +
    visible(text.slice(at, at + radius)) +
    (at + radius < text.length ? '…' : '')
  return (
    `first difference at offset ${at} (lengths ${expected.length} and ${actual.length})\n` +
    `  contract: ${around(expected)}\n` +
    `  port:     ${around(actual)}`
  )
}

const MAX_UINT256 = 2n ** 256n - 1n
const MAX_UINT32 = 2 ** 32 - 1

let anvil: Anvil
let renderer: Address
let chainellation: Address
let client: ReturnType<typeof publicClientFor>
/** The decoration art as deployed, read back from each decoration contract. */
let art: string[] = []

const publicClientFor = (rpcUrl: string) => createPublicClient({ chain: foundry, transport: http(rpcUrl) })

beforeAll(async () => {
  anvil = await startAnvil()
  // deployAll compiles the contracts itself (cached by source), so this file needs no earlier step.
  const deployment = await deployAll({ rpcUrl: anvil.rpcUrl, writeBindings: false })
  const { SkyRenderer, Chainellation, RollingHills, CrescentMoon, Telescope, Lighthouse, Comet, Campfire } =
    deployment.contracts
  if (!SkyRenderer || !Chainellation) throw new Error('the deployment has no SkyRenderer or Chainellation')
  renderer = getAddress(SkyRenderer)
  chainellation = getAddress(Chainellation)
  client = publicClientFor(anvil.rpcUrl)
  const decorations = [RollingHills, CrescentMoon, Telescope, Lighthouse, Comet, Campfire]
  art = await Promise.all(
    decorations.map((address) => {
      if (!address) throw new Error('the deployment is missing a decoration')
      return client.readContract({ address, abi: iDecorationAbi, functionName: 'decorationSVG', args: [0n] })
    }),
  )
}, 120_000)

afterAll(async () => {
  await anvil?.stop()
})

const onChain = (skyId: bigint, sky: Sky, hour: number, layers: Layers) =>
  client.readContract({
    address: renderer,
    abi: skyRendererAbi,
    functionName: 'svg',
    args: [skyId, sky, BigInt(hour), layers],
  })

/** Renders with both and asserts they agree byte for byte; returns the SVG. */
async function expectParity(skyId: bigint, sky: Sky, hour: number, layers: Layers = NO_LAYERS): Promise<string> {
  const expected = await onChain(skyId, sky, hour, layers)
  const actual = renderSky(skyId, sky, hour, layers)
  // Layers arrive base64-encoded, so the SVG is printable ASCII and comparing strings compares bytes.
  expect(expected, 'the contract drew a character outside printable ASCII').toMatch(/^[\x20-\x7e]*$/)
  expect(actual === expected, firstDifference(expected, actual)).toBe(true)
  return actual
}

const skyWith = (traits: Partial<Sky> = {}): Sky => ({
  tzOffset: 0,
  primaryHue: 220,
  secondaryHue: 280,
  constellation: 1,
  clouds: 1,
  gazes: 0,
  lastGaze: 0,
  ...traits,
})

const starCount = (constellation: number) => constellations[constellation - 1]?.stars.length ?? 0

const FIGURE = '<path stroke-width="1.5" stroke-opacity=".55" d="'
const STAR_FIELD = '<g stroke="#fff" stroke-linecap="round" fill="none">'
const SUN = 'r="30" fill="#fff7dc"/>'
const count = (text: string, part: string) => text.split(part).length - 1

describe('renderSky matches SkyRenderer.svg', () => {
  // Every hue a sky can have; the contract's renderer refuses any other (SkyRendererInvalidHue).
  const hue = fc.integer({ min: 0, max: 359 })
  const sky: fc.Arbitrary<Sky> = fc.record({
    tzOffset: fc.integer({ min: -48, max: 56 }).map((quarters) => quarters * 900),
    primaryHue: hue,
    secondaryHue: hue,
    constellation: fc.integer({ min: 1, max: constellations.length }),
    clouds: fc.integer({ min: 1, max: 4 }),
    gazes: fc.integer({ min: 0, max: 31 }),
    lastGaze: fc.integer({ min: 0, max: MAX_UINT32 }),
  })
  const skyId = fc.oneof(
    fc.constantFrom(0n, 1n, 15_000n, MAX_UINT256),
    fc.bigInt({ min: 0n, max: 65_535n }),
    fc.bigInt({ min: 0n, max: MAX_UINT256 }),
  )
  const graphemes = fc.string({ unit: 'grapheme', maxLength: 80 })
  const layer = fc.oneof(
    { weight: 4, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 5 }).map((i) => art[i] as string) },
    { weight: 2, arbitrary: graphemes },
    {
      weight: 2,
      arbitrary: fc
        .tuple(graphemes, fc.string({ unit: 'grapheme-ascii', maxLength: 12 }))
        .map(
          ([text, fill]) =>
            `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><text fill="${fill}">${text}</text></svg>`,
        ),
    },
    // Any code point, lone surrogates included: viem sends those as U+FFFD, as the port encodes them.
    {
      weight: 1,
      arbitrary: fc.string({
        unit: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)),
        maxLength: 40,
      }),
    },
  )
  const layers: fc.Arbitrary<Layers> = fc.tuple(layer, layer, layer)

  it('for any sky, hour and layers', async () => {
    await fc.assert(
      fc.asyncProperty(skyId, sky, fc.integer({ min: 0, max: 23 }), layers, async (id, s, hour, l) => {
        await expectParity(id, s, hour, l)
      }),
      { numRuns: 500 },
    )
  }, 60_000)

  it('draws the figure lines at night once every star is revealed, and not a gaze before', async () => {
    for (let constellation = 1; constellation <= constellations.length; constellation++) {
      const stars = starCount(constellation)
      const complete = await expectParity(42n, skyWith({ constellation, gazes: stars }), 22)
      expect(complete).toContain(FIGURE)
      expect(count(complete, 'h0')).toBeGreaterThanOrEqual(60 + stars * 2)
      const almost = await expectParity(42n, skyWith({ constellation, gazes: stars - 1 }), 22)
      expect(almost).not.toContain(FIGURE)
    }
  }, 30_000)

  it.each([6, 12, 17])('draws the sun and no stars at %i:00', async (hour) => {
    const svg = await expectParity(7n, skyWith({ gazes: 31 }), hour)
    expect(svg).toContain(SUN)
    expect(svg).not.toContain(STAR_FIELD)
    expect(svg).not.toContain(FIGURE)
  })

  it.each([18, 23, 0, 5])('draws the stars and no sun at %i:00', async (hour) => {
    const svg = await expectParity(7n, skyWith({ gazes: 31 }), hour)
    expect(svg).toContain(STAR_FIELD)
    expect(svg).toContain(FIGURE)
    expect(svg).not.toContain(SUN)
  })

  it.each([
    [1, 0],
    [2, 2],
    [4, 6],
  ])('draws clouds %i as %i cloud(s), by day and by night', async (clouds, expected) => {
    for (const hour of [12, 22]) {
      const svg = await expectParity(99n, skyWith({ clouds }), hour)
      expect(count(svg, '<ellipse ')).toBe(expected * 2)
      expect(svg.includes('opacity=".8">') || svg.includes('opacity=".5">')).toBe(expected > 0)
    }
  })

  it('embeds all three layers back to front: sky, silhouette, object', async () => {
    const [hills, moon, telescope] = art as [string, string, string]
    const svg = await expectParity(3n, skyWith({ gazes: 3 }), 21, [hills, moon, telescope])
    const embedded = [...svg.matchAll(/<image href="data:image\/svg\+xml;base64,([^"]*)"/g)].map((m) =>
      Buffer.from(m[1] ?? '', 'base64').toString('utf8'),
    )
    expect(embedded).toEqual([moon, hills, telescope])
  })
})

describe('firstDifference', () => {
  it('is undefined for equal strings', () => {
    expect(firstDifference('<svg/>', '<svg/>')).toBeUndefined()
  })

  it('names the first differing offset and shows both strings around it', () => {
    const message = firstDifference('<g fill="#fff">\n</g>', '<g fill="#ffe">\n</g>', 5)
    expect(message).toBe(
      'first difference at offset 12 (lengths 20 and 20)\n' +
        '  contract: …="#ff▸f">\\n<…\n' +
        '  port:     …="#ff▸e">\\n<…',
    )
  })

  it('points past the end of the shorter string when one is a prefix of the other', () => {
    expect(firstDifference('</svg>', '</svg>x')).toMatch(/^first difference at offset 6 \(lengths 6 and 7\)/)
  })
})

describe('defaultTraits matches the traits the contract gives a minted sky', () => {
  it('for the first skies minted with mint(tzOffset)', async () => {
    const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 1 })
    const wallet = createWalletClient({ account, chain: foundry, transport: http(anvil.rpcUrl) })
    const offsets = [0, 3_600, -43_200, 50_400, 20_700, -12_600, 900, -900, 19_800, 34_200, -36_000, 45_900]
    const minted = await client.readContract({
      address: chainellation,
      abi: chainellationAbi,
      functionName: 'totalSupply',
    })
    for (const [i, tzOffset] of offsets.entries()) {
      const hash = await wallet.writeContract({
        address: chainellation,
        abi: chainellationAbi,
        functionName: 'mint',
        args: [tzOffset],
      })
      const receipt = await client.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      const skyId = minted + BigInt(i) + 1n
      const stored = await client.readContract({
        address: chainellation,
        abi: chainellationAbi,
        functionName: 'skyOf',
        args: [skyId],
      })
      expect(stored, `sky ${skyId}`).toEqual({ ...defaultTraits(skyId), tzOffset, gazes: 0, lastGaze: 0 })
    }
  }, 30_000)
})
