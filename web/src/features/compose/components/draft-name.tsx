import { useState } from 'react'
import { Button } from '@/components/ui/button'
import type { Draft } from '../api/drafts'
import styles from './drafts-panel.module.css'

export type DraftNameProps = { draft: Draft; onRename: (name: string) => void }

/** A draft's name, renamed in place. */
export function DraftName({ draft, onRename }: DraftNameProps) {
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState(draft.name)
  if (!editing) {
    return (
      <button
        type="button"
        className={styles.name}
        onClick={() => setEditing(true)}
        aria-label={`Rename ${draft.name}`}
      >
        {draft.name}
      </button>
    )
  }
  return (
    <form
      className={styles.rename}
      onSubmit={(e) => {
        e.preventDefault()
        onRename(value)
        setEditing(false)
      }}
    >
      <input
        className={styles.input}
        aria-label={`New name for ${draft.name}`}
        value={value}
        maxLength={80}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" size="sm">
        Rename
      </Button>
    </form>
  )
}
