import { base64, type Layers } from '@chainellation/art'

/** One layer's choice, as the Decorations registry stores it: decoration 0 is the empty layer. */
export type Choice = { decorationId: number; tokenId: bigint }

/** The three layers' choices, in the registry's order: silhouette, sky, object. */
export type Composition = readonly [Choice, Choice, Choice]

export const EMPTY: Choice = { decorationId: 0, tokenId: 0n }

/** The layers as the page names them, with their registry number. */
export const LAYERS = [
  { layer: 1, name: 'Silhouette', hint: 'Along the horizon' },
  { layer: 2, name: 'Sky', hint: 'High in the sky' },
  { layer: 3, name: 'Decoration', hint: 'An object in front' },
] as const

/** A registered decoration with its art, as the page offers it. */
export type DecorationOption = {
  id: number
  address: `0x${string}`
  layer: number
  free: boolean
  name: string
  /** The decoration's SVG: untrusted markup from any registered contract, shown only as an image. */
  art: string
}

const same = (a: Choice, b: Choice) => a.decorationId === b.decorationId && a.tokenId === b.tokenId

/** The `setLayers` choices for the layers that differ from what the chain holds. */
export function changedChoices(current: Composition, next: Composition) {
  return next.flatMap((choice, i) =>
    same(choice, current[i] as Choice)
      ? []
      : [{ layer: i + 1, decorationId: choice.decorationId, tokenId: choice.tokenId }],
  )
}

/** The art on each layer for the renderer: the chosen decoration's SVG, '' where the layer is empty. */
export function layerArt(composition: Composition, options: readonly DecorationOption[]): Layers {
  const art = (choice: Choice) => options.find((o) => o.id === choice.decorationId)?.art ?? ''
  return [art(composition[0]), art(composition[1]), art(composition[2])]
}

/** A data URL for untrusted SVG: it is only ever shown through `<img>`, where no script in it can run. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${base64(svg)}`
