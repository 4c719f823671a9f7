import type { HTMLAttributes, Ref } from 'react'
import styles from './card.module.css'

export type CardProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }

/** One self-contained item in a grid, as an `<article>`; name it with `aria-label` or a heading inside. */
export function Card({ className, ...props }: CardProps) {
  return <article className={[styles.card, className].filter(Boolean).join(' ')} {...props} />
}
