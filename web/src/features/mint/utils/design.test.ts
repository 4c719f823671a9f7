import { defaultTraits } from '@chainellation/art'
import { DEFAULT_HUE } from '@chainellation/contracts'
import { describe, expect, it } from 'vitest'
import { chosenCount, type Design, designedSky, mintCall, previewSky } from './design'

const skyChooses: Design = {
  primaryHue: null,
  secondaryHue: null,
  constellation: null,
  clouds: null,
  timeZone: { zone: 'Asia/Kathmandu', offset: 20_700 },
}

describe('a design', () => {
  it('left to the sky costs no customization and mints with mint(tzOffset)', () => {
    expect(chosenCount(skyChooses)).toBe(0)
    expect(mintCall(skyChooses)).toEqual({ functionName: 'mint', args: [20_700] })
  })

  it('with chosen traits mints with mintCustom, the defaults standing for the rest', () => {
    const design = { ...skyChooses, secondaryHue: 0, clouds: 4 }
    expect(chosenCount(design)).toBe(2)
    expect(mintCall(design)).toEqual({ functionName: 'mintCustom', args: [20_700, DEFAULT_HUE, 0, 0, 4] })
  })

  it('takes what the sky would choose for the traits left to it', () => {
    const own = defaultTraits(12n)
    expect(designedSky({ ...skyChooses, primaryHue: 200 }, 12n)).toEqual({
      tzOffset: 20_700,
      primaryHue: 200,
      secondaryHue: own.secondaryHue,
      constellation: own.constellation,
      clouds: own.clouds,
      gazes: 0,
      lastGaze: 0,
    })
  })

  it('previews every star revealed on request', () => {
    const orion = { ...skyChooses, constellation: 1 }
    expect(previewSky(orion, 1n, { night: true, revealed: false }).gazes).toBe(0)
    expect(previewSky(orion, 1n, { night: true, revealed: true }).gazes).toBe(8)
  })
})
