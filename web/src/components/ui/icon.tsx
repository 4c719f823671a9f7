import type { ReactNode } from 'react'

export type IconProps = {
  /** Width and height in CSS pixels; the drawing is on a 24-unit grid. */
  size?: 14 | 16
  /** Line width in grid units. */
  stroke?: number
  /** The drawing: paths and shapes on the 24-unit grid, stroked in the text's colour. */
  children: ReactNode
}

/**
 * A line icon beside a control's words, drawn in the text's colour. Hidden from screen readers: the control's words
 * or its label say what it does (WAI-ARIA's `aria-hidden`), and never focusable on its own.
 */
export function Icon({ size = 16, stroke = 2, children }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}
