import type { HTMLAttributes } from 'react'
import styles from './panel.module.css'

export type PanelProps = HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'section' | 'form'
  /** `raised` holds a page's content; `dashed` stands in for content that is not there (empty, loading, not yours). */
  variant?: 'raised' | 'dashed'
  /** `sm` for a one-line banner, `md` for a page's panel, `lg` for a panel that is the whole page. */
  padding?: 'sm' | 'md' | 'lg'
}

/** A bordered surface for a page's content, or for what stands in its place. */
export function Panel({ as: Tag = 'div', variant = 'raised', padding = 'md', className, ...props }: PanelProps) {
  return (
    <Tag className={[styles.panel, styles[variant], styles[padding], className].filter(Boolean).join(' ')} {...props} />
  )
}
