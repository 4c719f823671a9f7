import type { AriaRole, ReactNode } from 'react'
import styles from './note.module.css'

export type NoteProps = {
  /** `info` adds to the view; `warning` asks for care before going on; `error` says what went wrong. */
  tone?: 'info' | 'warning' | 'error'
  /** `alert` for a failure the player just caused, `status` for news that should be read out politely. */
  role?: AriaRole
  className?: string
  children: ReactNode
}

/** A short message in a tinted box: a sentence or two, never the page's main content. */
export function Note({ tone = 'info', role, className, children }: NoteProps) {
  return (
    <p className={[styles.note, styles[tone], className].filter(Boolean).join(' ')} role={role}>
      {children}
    </p>
  )
}
