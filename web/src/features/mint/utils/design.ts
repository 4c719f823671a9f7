import { defaultTraits, type Sky } from '@chainellation/art'
import { DEFAULT_HUE } from '@chainellation/contracts'
import { constellations } from '@chainellation/contracts/catalogue'
import type { TimeZoneChoice } from './time-zone'

/** What the player designs; `null` leaves a trait to the sky (it then follows the sky's id, at no cost). */
export type Design = {
  primaryHue: number | null
  secondaryHue: number | null
  constellation: number | null
  clouds: number | null
  timeZone: TimeZoneChoice
}

/** How the preview shows the design. */
export type PreviewMode = { night: boolean; revealed: boolean }

/** Local hours the preview draws for night and for day. */
export const PREVIEW_HOURS = { night: 22, day: 13 } as const

/** Traits the player chose; each adds the customization price. */
export const chosenCount = (design: Design) =>
  [design.primaryHue, design.secondaryHue, design.constellation, design.clouds].filter((t) => t !== null).length

/** The sky the contract would store for `design` as sky `skyId`. */
export function designedSky(design: Design, skyId: bigint): Sky {
  const own = defaultTraits(skyId)
  return {
    tzOffset: design.timeZone.offset,
    primaryHue: design.primaryHue ?? own.primaryHue,
    secondaryHue: design.secondaryHue ?? own.secondaryHue,
    constellation: design.constellation ?? own.constellation,
    clouds: design.clouds ?? own.clouds,
    gazes: 0,
    lastGaze: 0,
  }
}

/** The sky as the preview draws it: fresh, or with every star of its constellation revealed. */
export function previewSky(design: Design, skyId: bigint, mode: PreviewMode): Sky {
  const sky = designedSky(design, skyId)
  const stars = constellations[sky.constellation - 1]?.stars.length ?? 0
  return mode.revealed ? { ...sky, gazes: stars } : sky
}

/** The contract call for `design`: `mint` when every trait is left to the sky, else `mintCustom`. */
export function mintCall(design: Design) {
  const tz = design.timeZone.offset
  if (chosenCount(design) === 0) return { functionName: 'mint', args: [tz] } as const
  return {
    functionName: 'mintCustom',
    args: [
      tz,
      design.primaryHue ?? DEFAULT_HUE,
      design.secondaryHue ?? DEFAULT_HUE,
      design.constellation ?? 0,
      design.clouds ?? 0,
    ],
  } as const
}
