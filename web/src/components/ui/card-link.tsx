import { Link, type LinkProps } from 'react-router'
import styles from './card.module.css'

export type CardLinkProps = LinkProps

/** A card that is one in-app link as a whole: the look of `<Card>`, with a hover edge. */
export function CardLink({ className, ...props }: CardLinkProps) {
  return <Link className={[styles.card, styles.link, className].filter(Boolean).join(' ')} {...props} />
}
