/** One layer's choice as the Decorations registry stores it: decoration id 0 is an empty layer. */
export type LayerChoice = { decorationId: number; tokenId: bigint }

/**
 * The three layers (silhouette, sky, object) of a `LayersUpdated` event's `packed` word: per layer, 16 bits of
 * decoration id then 64 bits of token id, layer n at bit (n - 1) * 80, as `Decorations.layersOf` reads it.
 */
export function unpackLayers(packed: bigint): [LayerChoice, LayerChoice, LayerChoice] {
  const layer = (n: number): LayerChoice => {
    const bits = packed >> BigInt(n * 80)
    return { decorationId: Number(bits & 0xffffn), tokenId: (bits >> 16n) & 0xffff_ffff_ffff_ffffn }
  }
  return [layer(0), layer(1), layer(2)]
}
