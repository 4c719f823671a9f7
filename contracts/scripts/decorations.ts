/** The decorations the game ships with: three free ones and three collectible tokens, one of each per layer. */
export type DecorationSpec = {
  /** Key in the deployment's contract list. */
  key: string
  name: string
  /** 1 silhouette, 2 sky, 3 object. */
  layer: 1 | 2 | 3
  /** File under decoration-art/. */
  art: string
} & ({ free: true } | { free: false; symbol: string; maxSupply: number })

export const decorationSpecs: readonly DecorationSpec[] = [
  { key: 'RollingHills', name: 'Rolling Hills', layer: 1, art: 'rolling-hills.svg', free: true },
  { key: 'CrescentMoon', name: 'Crescent Moon', layer: 2, art: 'crescent-moon.svg', free: true },
  { key: 'Telescope', name: 'Telescope', layer: 3, art: 'telescope.svg', free: true },
  {
    key: 'Lighthouse',
    name: 'Lighthouse',
    layer: 1,
    art: 'lighthouse.svg',
    free: false,
    symbol: 'LIGHT',
    maxSupply: 1000,
  },
  { key: 'Comet', name: 'Comet', layer: 2, art: 'comet.svg', free: false, symbol: 'COMET', maxSupply: 1000 },
  { key: 'Campfire', name: 'Campfire', layer: 3, art: 'campfire.svg', free: false, symbol: 'FIRE', maxSupply: 1000 },
]
