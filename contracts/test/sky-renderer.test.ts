import { describe, expect, it } from 'vitest'
import { constellations } from '../src/index.ts'
import {
  attribute,
  COOLDOWN,
  clock,
  decodeTokenURI,
  embeddedImages,
  expectRevert,
  HOUR,
  MAX_TZ,
  type Metadata,
  MIN_TZ,
  useFixture,
} from './fixture.ts'

const f = useFixture()

type Sky = {
  tzOffset: number
  primaryHue: number
  secondaryHue: number
  constellation: number
  clouds: number
  gazes: number
  lastGaze: number
}

const CASSIOPEIA = 3
const NIGHT = 22
const DAY_HOUR = 12
const noLayers = ['', '', ''] as const

const skyWith = (traits: Partial<Sky> = {}): Sky => ({
  tzOffset: 0,
  primaryHue: 220,
  secondaryHue: 280,
  constellation: CASSIOPEIA,
  clouds: 1,
  gazes: 0,
  lastGaze: 0,
  ...traits,
})

const preview = (skyId: bigint, sky: Sky, hour: number, layers: readonly [string, string, string] = noLayers) =>
  f.alice.renderer.read.svg([skyId, sky, BigInt(hour), layers])

const previewURI = (skyId: bigint, sky: Sky, hour: number, layers: readonly [string, string, string] = noLayers) =>
  f.alice.renderer.read.tokenURI([skyId, sky, BigInt(hour), layers])

/** Throws unless every tag is closed in order and no `<` or `>` stands outside a tag. */
function expectWellFormed(svg: string) {
  const stack: string[] = []
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/g
  let at = 0
  for (const m of svg.matchAll(tag)) {
    expect(svg.slice(at, m.index), 'text between tags').not.toMatch(/[<>]/)
    at = m.index + m[0].length
    const [, closing, name, , selfClosing] = m
    if (closing) expect(stack.pop(), `closing </${name}>`).toBe(name)
    else if (!selfClosing) stack.push(name as string)
  }
  expect(svg.slice(at)).toBe('')
  expect(stack).toEqual([])
}

/** The `x y` pixel points of the dots in the path drawn with `strokeWidth`, or undefined without one. */
function dotsOf(svg: string, strokeWidth: string): string[] | undefined {
  const path = svg.match(new RegExp(`<path stroke-width="${strokeWidth}"[^>]* d="([^"]*)"`))
  if (!path) return undefined
  return [...(path[1] ?? '').matchAll(/M(\d+) (\d+)h0/g)].map((m) => `${m[1]} ${m[2]}`)
}

/** The `x1 y1 x2 y2` segments of the constellation figure, or undefined when it is not drawn. */
function figureOf(svg: string): string[] | undefined {
  const path = svg.match(/<path stroke-width="1\.5"[^>]* d="([^"]*)"/)
  if (!path) return undefined
  return [...(path[1] ?? '').matchAll(/M(\d+) (\d+)L(\d+) (\d+)/g)].map((m) => m.slice(1).join(' '))
}

/** Number of stars in the sky's background field (all three brightness classes). */
const fieldStars = (svg: string) => ['2', '2.6', '3.4'].reduce((n, width) => n + (dotsOf(svg, width)?.length ?? 0), 0)

const hasSun = (svg: string) => svg.includes('fill="#fff7dc"')

const catalogueDots = (id: number, count: number) =>
  (constellations[id - 1]?.stars ?? []).slice(0, count).map(([x, y]) => `${x * 2} ${y * 2}`)

const catalogueFigure = (id: number) => {
  const c = constellations[id - 1]
  if (!c) throw new Error(`no constellation ${id}`)
  return c.lines.map(([a, b]) => {
    const [x1, y1] = c.stars[a] ?? []
    const [x2, y2] = c.stars[b] ?? []
    return [x1, y1, x2, y2].map((v) => (v ?? 0) * 2).join(' ')
  })
}

describe('tokenURI metadata', () => {
  it('is base64 JSON with the name, a description, a 512x512 SVG image and the attributes', async () => {
    const id = await f.mint(f.alice, HOUR)
    await f.toLocalTime(HOUR, clock(NIGHT))
    const uri = await f.alice.sky.read.tokenURI([id])
    expect(uri.startsWith('data:application/json;base64,')).toBe(true)
    const { json, svg } = decodeTokenURI(uri)
    const sky = await f.alice.sky.read.skyOf([id])
    const stars = constellations[sky.constellation - 1]?.stars.length
    expect(json.name).toBe('chainellation #1')
    expect(json.description).toContain('UTC+01:00')
    expect(json.image.startsWith('data:image/svg+xml;base64,')).toBe(true)
    expect(json.attributes).toEqual([
      { trait_type: 'Time zone', value: 'UTC+01:00' },
      { trait_type: 'Primary hue', value: sky.primaryHue },
      { trait_type: 'Secondary hue', value: sky.secondaryHue },
      { trait_type: 'Clouds', value: sky.clouds },
      { trait_type: 'Gazes', value: 0 },
      { trait_type: 'Stars revealed', value: `0/${stars}` },
      { trait_type: 'Time', value: 'Night' },
    ])
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"')).toBe(true)
    expect(svg).toMatch(/^<svg [^>]*width="512" height="512"/)
    expect(svg.endsWith('</svg>')).toBe(true)
    expectWellFormed(svg)
  })

  it('names each sky by its id', async () => {
    for (let i = 0; i < 12; i++) await f.mint(f.bob)
    expect(decodeTokenURI(await f.bob.sky.read.tokenURI([12n])).json.name).toBe('chainellation #12')
    expect(decodeTokenURI(await f.bob.sky.read.tokenURI([7n])).json.name).toBe('chainellation #7')
  })

  it.each([
    [HOUR, 'UTC+01:00'],
    [MIN_TZ, 'UTC-12:00'],
    [20_700, 'UTC+05:45'],
    [0, 'UTC+00:00'],
    [MAX_TZ, 'UTC+14:00'],
    [-34_200, 'UTC-09:30'],
    [-900, 'UTC-00:15'],
    [45_900, 'UTC+12:45'],
  ])('writes time zone %i as %s', async (tz, text) => {
    const id = await f.mint(f.alice, tz)
    const { json } = decodeTokenURI(await f.alice.sky.read.tokenURI([id]))
    expect(attribute(json, 'Time zone')).toBe(text)
    expect(json.description).toContain(text)
  })

  it('tells Day or Night by the local hour of the sky', async () => {
    const tz = 20_700
    const id = await f.mint(f.alice, tz)
    const cases = [
      [clock(17, 59, 59), 'Day'],
      [clock(18), 'Night'],
      [clock(23, 59, 59), 'Night'],
      [clock(5, 59, 59), 'Night'],
      [clock(6), 'Day'],
      [clock(12), 'Day'],
    ] as const
    for (const [time, expected] of cases) {
      await f.toLocalTime(tz, time)
      const { json, svg } = decodeTokenURI(await f.alice.sky.read.tokenURI([id]))
      expect(attribute(json, 'Time')).toBe(expected)
      expect(hasSun(svg)).toBe(expected === 'Day')
      expect(fieldStars(svg) > 0).toBe(expected === 'Night')
    }
  })

  it('two skies in different time zones can be in day and night at the same moment', async () => {
    const east = await f.mint(f.alice, MAX_TZ)
    const west = await f.mint(f.alice, MIN_TZ)
    await f.toLocalTime(0, clock(16)) // 06:00 at UTC+14:00, 04:00 at UTC-12:00
    const time = async (id: bigint) => attribute(decodeTokenURI(await f.alice.sky.read.tokenURI([id])).json, 'Time')
    expect(await time(east)).toBe('Day')
    expect(await time(west)).toBe('Night')
  })
})

describe('progressive reveal', () => {
  it('shows one more star per gaze; the name and the figure only once complete', async () => {
    const tz = 0
    await f.tx(f.alice.sky.write.mintCustom([tz, 200, 20, CASSIOPEIA, 1]))
    const id = 1n
    const stars = constellations[CASSIOPEIA - 1]?.stars.length ?? 0
    let last = await f.toLocalTime(tz, clock(NIGHT))
    let { json, svg } = decodeTokenURI(await f.alice.sky.read.tokenURI([id]))
    expect(dotsOf(svg, '5.2')).toBeUndefined()
    for (let k = 1; k <= stars; k++) {
      await f.tx(f.alice.sky.write.starGaze([id]))
      ;({ json, svg } = decodeTokenURI(await f.alice.sky.read.tokenURI([id])))
      expect(attribute(json, 'Gazes')).toBe(k)
      expect(attribute(json, 'Stars revealed')).toBe(`${k}/${stars}`)
      expect(dotsOf(svg, '5.2')).toEqual(catalogueDots(CASSIOPEIA, k))
      expectWellFormed(svg)
      if (k < stars) {
        expect(attribute(json, 'Constellation')).toBeUndefined()
        expect(figureOf(svg)).toBeUndefined()
        last = await f.toLocalTime(tz, clock(NIGHT), last + COOLDOWN)
      }
    }
    expect(json.attributes?.at(-1)).toEqual({ trait_type: 'Constellation', value: 'Cassiopeia' })
    expect(figureOf(svg)).toEqual(catalogueFigure(CASSIOPEIA))
    // By day the stars hide, but the metadata keeps the name.
    await f.toLocalTime(tz, clock(DAY_HOUR))
    ;({ json, svg } = decodeTokenURI(await f.alice.sky.read.tokenURI([id])))
    expect(attribute(json, 'Constellation')).toBe('Cassiopeia')
    expect(figureOf(svg)).toBeUndefined()
    expect(dotsOf(svg, '5.2')).toBeUndefined()
  })

  it.each(constellations.map((c) => [c.name, c.id] as const))(
    'draws %s complete from the catalogue',
    async (name, id) => {
      const stars = constellations[id - 1]?.stars.length ?? 0
      const complete = skyWith({ constellation: id, gazes: stars })
      const { json, svg } = decodeTokenURI(await previewURI(1n, complete, NIGHT))
      expect(attribute(json, 'Constellation')).toBe(name)
      expect(attribute(json, 'Stars revealed')).toBe(`${stars}/${stars}`)
      expect(dotsOf(svg, '5.2')).toEqual(catalogueDots(id, stars))
      expect(figureOf(svg)).toEqual(catalogueFigure(id))
      const almost = decodeTokenURI(await previewURI(1n, { ...complete, gazes: stars - 1 }, NIGHT))
      expect(attribute(almost.json, 'Constellation')).toBeUndefined()
      expect(figureOf(almost.svg)).toBeUndefined()
    },
  )
})

describe('drawing', () => {
  it('paints the gradient from the two hues, by day and by night', async () => {
    for (const hour of [DAY_HOUR, NIGHT]) {
      const svg = await preview(5n, skyWith({ primaryHue: 17, secondaryHue: 333 }), hour)
      expect(svg).toMatch(/<linearGradient [^>]*><stop offset="0" stop-color="hsl\(17,/)
      expect(svg).toMatch(/<stop offset="1" stop-color="hsl\(333,/)
    }
  })

  it('draws the sun by day and a star field of 60 to 99 stars by night', async () => {
    for (let id = 1n; id <= 12n; id++) {
      const night = await preview(id, skyWith(), NIGHT)
      expect(hasSun(night)).toBe(false)
      expect(fieldStars(night)).toBeGreaterThanOrEqual(60)
      expect(fieldStars(night)).toBeLessThanOrEqual(99)
      const day = await preview(id, skyWith({ gazes: 3 }), DAY_HOUR)
      expect(hasSun(day)).toBe(true)
      expect(fieldStars(day)).toBe(0)
      expect(dotsOf(day, '5.2')).toBeUndefined()
    }
  })

  it('seeds the star field from the id alone', async () => {
    const fieldOf = (svg: string) => ['2', '2.6', '3.4'].map((w) => dotsOf(svg, w))
    const a = await preview(42n, skyWith(), NIGHT)
    const b = await preview(42n, skyWith({ primaryHue: 1, secondaryHue: 2, tzOffset: MAX_TZ, gazes: 2 }), 3)
    expect(fieldOf(b)).toEqual(fieldOf(a))
    expect(fieldOf(await preview(43n, skyWith(), NIGHT))).not.toEqual(fieldOf(a))
  })

  it('draws more clouds for each cloud level, none at level 1', async () => {
    for (const hour of [DAY_HOUR, NIGHT]) {
      const counts = []
      for (const clouds of [1, 2, 3, 4]) {
        const svg = await preview(9n, skyWith({ clouds }), hour)
        expectWellFormed(svg)
        counts.push(svg.match(/<ellipse /g)?.length ?? 0)
      }
      expect(counts[0]).toBe(0)
      expect(counts[1]).toBeGreaterThan(0)
      expect(counts[2]).toBeGreaterThan(counts[1] ?? 0)
      expect(counts[3]).toBeGreaterThan(counts[2] ?? 0)
    }
  })

  it('treats hours 18 to 5 as night and 6 to 17 as day', async () => {
    for (let hour = 0; hour < 24; hour++) {
      const { json, svg } = decodeTokenURI(await previewURI(3n, skyWith({ gazes: 1 }), hour))
      const night = hour < 6 || hour >= 18
      expect(attribute(json, 'Time')).toBe(night ? 'Night' : 'Day')
      expect(hasSun(svg)).toBe(!night)
      expect(dotsOf(svg, '5.2')?.length).toBe(night ? 1 : undefined)
      expectWellFormed(svg)
    }
  })

  it('embeds the layers as images: the sky layer, then the silhouette, then the object', async () => {
    const art = (label: string) => `<svg xmlns="http://www.w3.org/2000/svg"><title>${label} ✦</title></svg>`
    const layers = [art('silhouette'), art('sky'), art('object')] as const
    const svg = await preview(2n, skyWith(), NIGHT, layers)
    expectWellFormed(svg)
    expect(svg).toContain('<image href="data:image/svg+xml;base64,')
    expect(embeddedImages(svg)).toEqual([layers[1], layers[0], layers[2]])
    expect(embeddedImages(await preview(2n, skyWith(), NIGHT, ['', layers[1], '']))).toEqual([layers[1]])
    expect(embeddedImages(await preview(2n, skyWith(), NIGHT))).toEqual([])
  })
})

describe('preview', () => {
  it('svg is the image of the tokenURI for the same inputs, for any would-be sky', async () => {
    const layers = [
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '',
      '<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>',
    ] as const
    const cases: [bigint, Sky, number][] = [
      [1n, skyWith(), NIGHT],
      [15_000n, skyWith({ constellation: 7, clouds: 4, gazes: 14 }), 0],
      [77n, skyWith({ tzOffset: MIN_TZ, primaryHue: 359, secondaryHue: 0, clouds: 3, gazes: 2 }), 6],
      [65_535n, skyWith({ tzOffset: MAX_TZ, constellation: 16, clouds: 2, gazes: 31 }), 17],
    ]
    for (const [id, sky, hour] of cases) {
      const image = await preview(id, sky, hour, layers)
      const { json, svg } = decodeTokenURI(await previewURI(id, sky, hour, layers))
      expect(svg).toBe(image)
      expect(json.name).toBe(`chainellation #${id}`)
    }
  })

  it('svg and tokenURI of a minted sky match what the collection serves', async () => {
    const tz = -3 * HOUR
    const id = await f.mint(f.alice, tz)
    await f.tx(f.alice.decorations.write.setLayers([id, [{ layer: 2, decorationId: 2, tokenId: 0n }]]))
    for (const time of [clock(NIGHT), clock(DAY_HOUR)]) {
      await f.toLocalTime(tz, time)
      const sky = await f.alice.sky.read.skyOf([id])
      const layers = await f.alice.decorations.read.layerSVGs([id])
      const hour = Number(await f.alice.sky.read.localTimeOf([BigInt(tz)])) / HOUR
      const uri = await f.alice.sky.read.tokenURI([id])
      expect(await f.alice.renderer.read.tokenURI([id, sky, BigInt(Math.floor(hour)), layers])).toBe(uri)
      expect(await preview(id, sky, Math.floor(hour), layers)).toBe(decodeTokenURI(uri).svg)
      expect(embeddedImages(decodeTokenURI(uri).svg)).toHaveLength(1)
    }
  })

  it('refuses traits no sky can have, naming the value', async () => {
    const bad: [Partial<Sky>, number, string, bigint][] = [
      [{ tzOffset: MIN_TZ - 900 }, NIGHT, 'SkyRendererInvalidTimeZone', BigInt(MIN_TZ - 900)],
      [{ tzOffset: MAX_TZ + 900 }, NIGHT, 'SkyRendererInvalidTimeZone', BigInt(MAX_TZ + 900)],
      [{ tzOffset: 3_601 }, NIGHT, 'SkyRendererInvalidTimeZone', 3_601n],
      [{ primaryHue: 360 }, NIGHT, 'SkyRendererInvalidHue', 360n],
      [{ secondaryHue: 65_535 }, NIGHT, 'SkyRendererInvalidHue', 65_535n],
      [{ constellation: 0 }, NIGHT, 'SkyRendererInvalidConstellation', 0n],
      [
        { constellation: constellations.length + 1 },
        NIGHT,
        'SkyRendererInvalidConstellation',
        BigInt(constellations.length + 1),
      ],
      [{ clouds: 0 }, NIGHT, 'SkyRendererInvalidClouds', 0n],
      [{ clouds: 5 }, NIGHT, 'SkyRendererInvalidClouds', 5n],
      [{}, 24, 'SkyRendererInvalidHour', 24n],
    ]
    for (const [traits, hour, error, value] of bad) {
      await expectRevert(preview(1n, skyWith(traits), hour), error, [value])
      await expectRevert(previewURI(1n, skyWith(traits), hour), error, [value])
    }
  })

  it('is pure: the same inputs give the same text at any block time', async () => {
    const sky = skyWith({ gazes: 2, clouds: 3 })
    const before = await previewURI(8n, sky, NIGHT)
    await f.setTime((await f.now()) + 7 * HOUR + 13)
    expect(await previewURI(8n, sky, NIGHT)).toBe(before)
    const json: Metadata = decodeTokenURI(before).json
    expect(attribute(json, 'Gazes')).toBe(2)
    expect(attribute(json, 'Clouds')).toBe(3)
  })
})
