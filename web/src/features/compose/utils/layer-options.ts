import type { LayerOption } from '../components/layer-picker'
import { type Composition, type DecorationOption, EMPTY } from './composition'

/**
 * What a layer offers: nothing, each free decoration of the layer, each decoration token of the layer the wallet
 * holds (its first token), and the chain's current choice even if the wallet does not hold it (so it shows,
 * marked, in a read-only view).
 */
export function layerOptions(
  layer: number,
  options: readonly DecorationOption[],
  owned: ReadonlyMap<number, readonly bigint[]>,
  onChain: Composition,
): LayerOption[] {
  const current = onChain[layer - 1] ?? EMPTY
  const list: LayerOption[] = [{ key: 'none', label: 'None', choice: EMPTY }]
  for (const d of options.filter((o) => o.layer === layer)) {
    if (d.free) {
      list.push({
        key: `d${d.id}`,
        label: d.name,
        badge: 'Free',
        decoration: d,
        choice: { decorationId: d.id, tokenId: 0n },
      })
      continue
    }
    // The token on the sky stays offered (marked on chain), else the first one the wallet holds.
    const tokenId = current.decorationId === d.id ? current.tokenId : owned.get(d.id)?.[0]
    if (tokenId === undefined) continue
    list.push({
      key: `d${d.id}`,
      label: d.name,
      badge: `Token #${tokenId}`,
      decoration: d,
      choice: { decorationId: d.id, tokenId },
    })
  }
  return list
}
