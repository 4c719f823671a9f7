export type Star = {
  /** Percent of the width, 0–100. */
  x: number
  /** Percent of the height, 0–100. */
  y: number
  /** Radius in px. */
  r: number
  opacity: number
}

// mulberry32: tiny, fast, and the same sky on every render and in every browser.
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits

/** A deterministic field of `count` stars for the background; faint stars are far more common than bright ones. */
export function starField(count: number, seed: number): Star[] {
  const next = random(seed)
  return Array.from({ length: count }, () => {
    const brightness = next() ** 3
    return {
      x: round(next() * 100),
      y: round(next() * 100),
      r: round(0.4 + brightness * 1.2),
      opacity: round(0.25 + brightness * 0.75),
    }
  })
}

/** Where the stars begin to thin out towards the horizon, in percent of the sky's height from its top. */
const FADE_FROM = 55

/**
 * How much of a star at height `y` (percent from the top) shows: all of it down to `FADE_FROM`, then less in a straight
 * line to none at the bottom, where the warm horizon glow is. Baked into each star's opacity rather than drawn as a mask
 * over the field: without a GPU a mask is the whole screen drawn twice more, each time the field's tiles are drawn.
 */
export const horizonFade = (y: number): number => (y <= FADE_FROM ? 1 : Math.max(0, (100 - y) / (100 - FADE_FROM)))
