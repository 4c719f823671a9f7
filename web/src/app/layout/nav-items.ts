import type { GameIconName } from '@/components/game-icon'

export type NavItem = { to: string; label: string; icon: GameIconName }

/** The game's three areas, in the order every menu lists them. */
export const gameAreas: readonly NavItem[] = [
  { to: '/mint', label: 'mint', icon: 'mint' },
  { to: '/stargaze', label: 'Stargaze', icon: 'stargaze' },
  { to: '/compose', label: 'Compose', icon: 'compose' },
]

/** Wider than this the header shows its navigation list; narrower, the menu toggle. Matches the CSS. */
export const WIDE_SCREEN = '(min-width: 768px)'
