import type { ReactNode } from 'react'
import { Link } from 'react-router'
import styles from './button-link.module.css'

export type ButtonLinkProps = {
  to: string
  children: ReactNode
  /** `primary` is the one call to action of a view; `secondary` sits beside it; `quiet` is a text link with an arrow. */
  variant?: 'primary' | 'secondary' | 'quiet'
  className?: string
}

/** An in-app link that looks like a button. */
export function ButtonLink({ to, children, variant = 'primary', className }: ButtonLinkProps) {
  return (
    <Link to={to} className={[styles.link, styles[variant], className].filter(Boolean).join(' ')}>
      {children}
    </Link>
  )
}
