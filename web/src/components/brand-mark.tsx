export type BrandMarkProps = { size?: number; className?: string }

/** The game's mark: a four-pointed star with a companion, in the accent colour. Decorative. */
export function BrandMark({ size = 28, className }: BrandMarkProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      style={{ filter: 'drop-shadow(0 0 6px rgb(234 143 33 / 0.55))' }}
    >
      <path d="M15 3.5l2.5 8.4 8.4 2.6-8.4 2.6L15 25.5l-2.5-8.4-8.4-2.6 8.4-2.6z" fill="#EA8F21" />
      <path d="M25.5 21.5l.9 2.6 2.6.9-2.6.9-.9 2.6-.9-2.6-2.6-.9 2.6-.9z" fill="#FFD7A1" />
    </svg>
  )
}
