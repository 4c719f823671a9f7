import { constellations } from '@chainellation/contracts'
import { encodeAbiParameters, type Hex, hexToBigInt, keccak256 } from 'viem'

/** A sky's traits and progress, as the contract's `Sky` struct holds them. */
export type Sky = {
  /** Seconds east of UTC. */
  tzOffset: number
  primaryHue: number
  secondaryHue: number
  /** Catalogue id, 1-based. */
  constellation: number
  /** 1 (clear) to 4 (overcast). */
  clouds: number
  gazes: number
  lastGaze: number
}

/** The decoration art on each layer, in the contract's order: silhouette, sky, object; '' for none. */
export type Layers = readonly [silhouette: string, sky: string, object: string]

export const NO_LAYERS: Layers = ['', '', '']

/** Whether hour `hour` (0-23, local) is night: 18:00 to 05:59. */
export const isNightHour = (hour: number) => hour < 6 || hour >= 18

/** The renderer's per-sky seed: keccak256(abi.encode("chainellation", skyId)). */
export function skySeed(skyId: bigint): bigint {
  return hexToBigInt(
    keccak256(encodeAbiParameters([{ type: 'string' }, { type: 'uint256' }], ['chainellation', skyId])),
  )
}

const words = new Uint8Array(64)

/** keccak256(abi.encode(seed, i)) for two uint256 words. */
function hashPair(seedBytes: Uint8Array, i: number): bigint {
  words.set(seedBytes, 0)
  words.fill(0, 32)
  let n = i
  for (let at = 63; n > 0; at--) {
    words[at] = n & 0xff
    n = Math.floor(n / 256)
  }
  return hexToBigInt(keccak256(words))
}

function wordBytes(value: bigint): Uint8Array {
  const bytes = new Uint8Array(32)
  let v = value
  for (let at = 31; at >= 0; at--) {
    bytes[at] = Number(v & 0xffn)
    v >>= 8n
  }
  return bytes
}

const dot = (x: number | bigint, y: number | bigint) => `M${x} ${y}h0`

/** What a sky's id alone decides, worked out when first drawn: see `partsOf`. */
type SkyParts = {
  seed: bigint
  seedBytes: Uint8Array
  /** keccak256(abi.encode(skyId)), which `defaultTraits` reads. */
  traits?: bigint
  stars?: string
  /** Cloud i's two ellipses, for as many clouds as a drawing has asked for. */
  clouds: string[]
}

/**
 * The preview redraws one sky on every change of a control, and its hashes (the seed, the star field, the clouds,
 * the default traits) were most of the work: keep them for the few skies drawn last. A player may try many skies,
 * so the cache is bounded, least recently drawn out first.
 */
export const SKY_CACHE_SIZE = 16
const skies = new Map<bigint, SkyParts>()

function partsOf(skyId: bigint): SkyParts {
  let parts = skies.get(skyId)
  if (parts !== undefined) {
    // Map keeps insertion order: moving a hit to the end makes the first key the least recently drawn.
    skies.delete(skyId)
  } else {
    const seed = skySeed(skyId)
    parts = { seed, seedBytes: wordBytes(seed), clouds: [] }
    if (skies.size >= SKY_CACHE_SIZE) skies.delete(skies.keys().next().value as bigint)
  }
  skies.set(skyId, parts)
  return parts
}

/** The skies whose parts are kept, least recently drawn first: for the tests. */
export const cachedSkies = () => [...skies.keys()]

function starField(parts: SkyParts): string {
  if (parts.stars !== undefined) return parts.stars
  const { seed, seedBytes } = parts
  const count = 60 + Number(seed % 40n)
  const classes = ['', '', '']
  for (let i = 0; i < count; i++) {
    const h = hashPair(seedBytes, i)
    const roll = Number((h >> 32n) & 15n)
    classes[roll < 10 ? 0 : roll < 14 ? 1 : 2] += dot(h & 511n, (h >> 16n) % 440n)
  }
  parts.stars =
    '<g stroke="#fff" stroke-linecap="round" fill="none"><path stroke-width="2" stroke-opacity=".45" d="' +
    `${classes[0]}"/><path stroke-width="2.6" stroke-opacity=".7" d="${classes[1]}` +
    `"/><path stroke-width="3.4" d="${classes[2]}"/></g>`
  return parts.stars
}

function constellation(sky: Sky): string {
  if (sky.gazes === 0) return ''
  const entry = constellations[sky.constellation - 1]
  if (!entry) throw new RangeError(`no constellation ${sky.constellation} in the catalogue`)
  const stars = entry.stars as readonly (readonly [number, number])[]
  const lines = entry.lines as readonly (readonly [number, number])[]
  let out = '<g stroke="#ffe9c2" stroke-linecap="round" fill="none">'
  if (sky.gazes >= stars.length) {
    let figure = ''
    for (const [from, to] of lines) {
      const [fx, fy] = stars[from] as readonly [number, number]
      const [tx, ty] = stars[to] as readonly [number, number]
      figure += `M${fx * 2} ${fy * 2}L${tx * 2} ${ty * 2}`
    }
    out += `<path stroke-width="1.5" stroke-opacity=".55" d="${figure}"/>`
  }
  let dots = ''
  for (let i = 0; i < sky.gazes && i < stars.length; i++) {
    const [x, y] = stars[i] as readonly [number, number]
    dots += dot(x * 2, y * 2)
  }
  return `${out}<path stroke-width="16" stroke-opacity=".2" d="${dots}"/><path stroke-width="5.2" d="${dots}"/></g>`
}

function cloud(h: bigint): string {
  const cx = h & 511n
  const cy = 60n + ((h >> 16n) % 300n)
  const rx = 40n + ((h >> 32n) % 60n)
  const ry = 10n + ((h >> 48n) % 14n)
  return (
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}"/>` +
    `<ellipse cx="${cx + rx / 3n}" cy="${cy - ry / 2n}" rx="${rx / 2n}" ry="${ry}"/>`
  )
}

function clouds(parts: SkyParts, sky: Sky, night: boolean): string {
  const count = (sky.clouds - 1) * 2
  if (count <= 0) return ''
  let out = night ? `<g fill="hsl(${sky.secondaryHue},30%,40%)" opacity=".5">` : '<g fill="#fff" opacity=".8">'
  const shapes = parts.clouds
  for (let i = 0; i < count; i++) {
    shapes[i] ??= cloud(hashPair(parts.seedBytes, 1000 + i))
    out += shapes[i]
  }
  return `${out}</g>`
}

const utf8 = new TextEncoder()
const beyondAscii = /[\u0080-\uffff]/

/** Standard base64 with padding, as Solady's `Base64.encode`. */
export function base64(text: string): string {
  // A sky without decorations is all ASCII, its own UTF-8: btoa takes it as it is.
  if (!beyondAscii.test(text)) return btoa(text)
  const bytes = utf8.encode(text)
  let binary = ''
  for (let at = 0; at < bytes.length; at += 0x8000) {
    // `apply` over the typed array: spreading it goes through its iterator, several times slower.
    binary += String.fromCharCode.apply(null, bytes.subarray(at, at + 0x8000) as unknown as number[])
  }
  return btoa(binary)
}

const layer = (art: string) =>
  art === '' ? '' : `<image href="data:image/svg+xml;base64,${base64(art)}" width="512" height="512"/>`

/**
 * The sky as the `SkyRenderer` contract draws it, byte for byte: `hour` is the local hour (0-23) over the sky,
 * `layers` the decoration art on each layer.
 */
export function renderSky(skyId: bigint, sky: Sky, hour: number, layers: Layers = NO_LAYERS): string {
  const night = isNightHour(hour)
  const parts = partsOf(skyId)
  let svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512"><defs>' +
    '<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(' +
    `${sky.primaryHue}${night ? ',55%,9%)"/>' : ',70%,58%)"/>'}<stop offset="1" stop-color="hsl(` +
    `${sky.secondaryHue}${night ? ',60%,27%)"/>' : ',75%,84%)"/>'}</linearGradient>` +
    '<radialGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#fff" ' +
    'stop-opacity="0"/></radialGradient></defs><rect width="512" height="512" fill="url(#s)"/>'
  if (night) {
    svg += starField(parts) + constellation(sky)
  } else {
    const d = Math.abs(hour * 2 - 23)
    const cx = 40 + (hour - 6) * 39
    const cy = 70 + d * d * 2
    svg += `<circle cx="${cx}" cy="${cy}" r="80" fill="url(#g)" opacity=".6"/>`
    svg += `<circle cx="${cx}" cy="${cy}" r="30" fill="#fff7dc"/>`
  }
  svg += clouds(parts, sky, night)
  // Drawn back to front: the sky decoration, the silhouette, then the object.
  svg += layer(layers[1]) + layer(layers[0]) + layer(layers[2])
  return `${svg}</svg>`
}

/** The traits the contract picks for sky `skyId` where the minter leaves them to the sky. */
export function defaultTraits(skyId: bigint) {
  const parts = partsOf(skyId)
  parts.traits ??= hexToBigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [skyId]) as Hex))
  const seed = parts.traits
  return {
    primaryHue: Number(seed % 360n),
    secondaryHue: Number((seed >> 16n) % 360n),
    constellation: 1 + Number((seed >> 32n) % BigInt(constellations.length)),
    clouds: 1 + Number((seed >> 48n) % 4n),
  }
}
