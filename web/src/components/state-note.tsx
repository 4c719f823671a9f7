import type { ReactNode } from 'react'
import { ButtonLink } from '@/components/button-link'
import styles from './state-note.module.css'
import { Button } from './ui/button'
import { Panel } from './ui/panel'
import { Spinner } from './ui/spinner'

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
    <Panel variant="dashed" padding="lg" className={styles.note} role={busy ? 'status' : undefined}>
      {busy && <Spinner />}
      <h2 className={styles.title}>{title}</h2>
      {children && <p className={styles.text}>{children}</p>}
      {action && <Button onClick={action.onClick}>{action.label}</Button>}
      {link && <ButtonLink to={link.to}>{link.label}</ButtonLink>}
    </Panel>
  )
}
