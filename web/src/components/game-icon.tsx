export type GameIconName = 'mint' | 'stargaze' | 'compose'

export type GameIconProps = { name: GameIconName; size?: number; className?: string }

const paths: Record<GameIconName, string[]> = {
  // A new star being born, with a spark beside it.
  mint: [
    'M10 4l1.9 5.1L17 11l-5.1 1.9L10 18l-1.9-5.1L3 11l5.1-1.9z',
    'M18.5 3v4',
    'M16.5 5h4',
    'M18 16.5v3',
    'M16.5 18h3',
  ],
  // A telescope on its tripod, pointed at a star.
  stargaze: [
    'M3.5 13.2l11-6.4 1.8 3.1-11 6.4z',
    'M14.5 6.8l2.3-1.3 1.8 3.1-2.3 1.3',
    'M9.8 13.9L7 21',
    'M10.6 13.4L14 21',
    'M20 2.5v3',
    'M18.5 4h3',
  ],
  // Three stacked layers: silhouette, sky, object.
  compose: ['M12 3l9 4.8-9 4.8-9-4.8z', 'M3 12.2l9 4.8 9-4.8', 'M3 16.4l9 4.8 9-4.8'],
}

/** Line icon for one of the game's three areas. Decorative: the label beside it names it. */
export function GameIcon({ name, size = 24, className }: GameIconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}
