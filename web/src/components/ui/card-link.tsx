import { Link, type LinkProps } from 'react-router'
import styles from './card.module.css'

export type CardLinkProps = LinkProps

/** A card that is one in-app link as a whole: the look of `<Card>`, with a hover edge. */
export function CardLink({ className, ...props }: CardLinkProps) {
  return <Link className={[styles.card, styles.link, className].filter(Boolean).join(' ')} {...props} />
}

/**
 * The main link of a `<Card>` that holds another link too (links do not nest, HTML's content model for `<a>`): the
 * card's edge warms while it is hovered, as a `CardLink`'s does.
 */
export function CardMainLink({ className, ...props }: CardLinkProps) {
  return <Link className={[styles.main, className].filter(Boolean).join(' ')} {...props} />
}
