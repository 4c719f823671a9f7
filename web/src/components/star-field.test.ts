import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { horizonFade, starField } from './star-field'

describe('starField', () => {
  it('draws the same sky for the same seed and another sky for another seed', () => {
    expect(starField(50, 7)).toEqual(starField(50, 7))
    expect(starField(50, 7)).not.toEqual(starField(50, 8))
  })

  it('draws exactly the requested number of stars', () => {
    expect(starField(0, 1)).toEqual([])
    expect(starField(120, 1)).toHaveLength(120)
  })

  it('keeps every star inside the sky with a visible size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) =>
        starField(40, seed).every(
          (s) => s.x >= 0 && s.x <= 100 && s.y >= 0 && s.y <= 100 && s.r >= 0.4 && s.r <= 1.6 && s.opacity <= 1,
        ),
      ),
    )
  })

  it('makes faint stars more common than bright ones', () => {
    const stars = starField(1000, 42)
    const faint = stars.filter((s) => s.opacity < 0.5).length
    expect(faint).toBeGreaterThan(stars.length / 2)
  })
})

describe('horizonFade', () => {
  it('shows every star in the upper sky, thins them in a straight line below, and none at the horizon', () => {
    expect(horizonFade(0)).toBe(1)
    expect(horizonFade(55)).toBe(1)
    expect(horizonFade(77.5)).toBeCloseTo(0.5)
    expect(horizonFade(100)).toBe(0)
  })

  it('never brightens a star and fades lower ones no less than higher ones', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (a, b) => {
          const [high, low] = a <= b ? [a, b] : [b, a]
          expect(horizonFade(low)).toBeLessThanOrEqual(horizonFade(high))
          expect(horizonFade(a)).toBeGreaterThanOrEqual(0)
          expect(horizonFade(a)).toBeLessThanOrEqual(1)
        },
      ),
    )
  })
})
