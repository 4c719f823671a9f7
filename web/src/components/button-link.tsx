import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { type ButtonSize, buttonClass } from './ui/button-class'

export type ButtonLinkProps = {
  to: string
  children: ReactNode
  /** `primary` is the one call to action of a view; `secondary` sits beside it; `quiet` is a text link with an arrow. */
  variant?: 'primary' | 'secondary' | 'quiet'
  size?: ButtonSize
  className?: string
}

/** An in-app link that looks like a button: the same classes as `<Button>`, so the two never drift apart. */
export function ButtonLink({ to, children, variant = 'primary', size, className }: ButtonLinkProps) {
  return (
    <Link to={to} className={buttonClass({ variant, size, className })}>
      {children}
    </Link>
  )
}
