import type { ReactNode } from 'react'
import { ButtonLink } from '@/components/button-link'
import styles from './state-note.module.css'

export type StateNoteProps = {
  title: string
  children?: ReactNode
  action?: { label: string; onClick: () => void }
  link?: { label: string; to: string }
  busy?: boolean
}

/** What a page says in place of its content: not connected, wrong network, not deployed, loading, empty, or silent. */
export function StateNote({ title, children, action, link, busy }: StateNoteProps) {
  return (
    <div className={styles.note} role={busy ? 'status' : undefined}>
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      <h2 className={styles.title}>{title}</h2>
      {children && <p className={styles.text}>{children}</p>}
      {action && (
        <button type="button" className={styles.action} onClick={action.onClick}>
          {action.label}
        </button>
      )}
      {link && <ButtonLink to={link.to}>{link.label}</ButtonLink>}
    </div>
  )
}
