import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Note } from '@/components/ui/note'
import { useConnectModal } from '@/lib/wallet'
import { compositionOf, type Draft, draftLayers } from '../api/drafts'
import { useDrafts } from '../hooks/use-drafts'
import type { Composition } from '../utils/composition'
import { DraftName } from './draft-name'
import styles from './drafts-panel.module.css'

export type DraftsPanelProps = {
  skyId: bigint
  chainId: number
  composition: Composition
  onLoad: (composition: Composition) => void
}

/** Save the composition as a named draft, and list, load, rename, delete and share your drafts. */
export function DraftsPanel({ skyId, chainId, composition, onLoad }: DraftsPanelProps) {
  const { signedIn, list, save, rename, remove } = useDrafts()
  const { openConnectModal } = useConnectModal()
  const [name, setName] = useState('')
  const [copied, setCopied] = useState<string>()
  if (!signedIn) {
    return (
      <section className={styles.drafts} aria-labelledby="drafts-title">
        <h2 id="drafts-title" className={styles.title}>
          Drafts
        </h2>
        <p className={styles.hint}>Sign in to save compositions as drafts and share them.</p>
        {/* For a connected account that is not signed in, RainbowKit's connect modal is its sign-in. */}
        <Button variant="secondary" size="sm" onClick={openConnectModal}>
          Sign in
        </Button>
      </section>
    )
  }
  const onSave = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(
      { name, chainId, skyId: skyId.toString(), layers: draftLayers(composition) },
      { onSuccess: () => setName('') },
    )
  }
  const share = async (draft: Draft) => {
    const url = new URL(`/draft/${draft.id}`, window.location.origin).toString()
    await navigator.clipboard?.writeText(url).catch(() => {})
    setCopied(draft.id)
  }
  const error = save.error ?? rename.error ?? remove.error ?? list.error
  return (
    <section className={styles.drafts} aria-labelledby="drafts-title">
      <h2 id="drafts-title" className={styles.title}>
        Drafts
      </h2>
      <form className={styles.save} onSubmit={onSave}>
        <label className="visually-hidden" htmlFor="draft-name">
          Draft name
        </label>
        <input
          id="draft-name"
          className={styles.input}
          value={name}
          maxLength={80}
          placeholder="Name this composition"
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={save.isPending || name.trim() === ''}>
          Save draft
        </Button>
      </form>
      {error && (
        <Note tone="error" role="alert">
          {error.message}
        </Note>
      )}
      <ul className={styles.list} aria-label="Your drafts">
        {list.data?.map((draft) => (
          <li key={draft.id} className={styles.item}>
            <DraftName draft={draft} onRename={(next) => rename.mutate({ id: draft.id, name: next })} />
            <span className={styles.meta}>{draft.skyId ? `Night sky #${draft.skyId}` : ''}</span>
            <span className={styles.actions}>
              <button type="button" onClick={() => onLoad(compositionOf(draft))} aria-label={`Load ${draft.name}`}>
                Load
              </button>
              <a href={`/draft/${draft.id}`} onClick={() => share(draft)} target="_blank" rel="noopener noreferrer">
                {copied === draft.id ? 'Link copied' : 'Share'}
              </a>
              <button type="button" onClick={() => remove.mutate(draft.id)} aria-label={`Delete ${draft.name}`}>
                Delete
              </button>
            </span>
          </li>
        ))}
        {list.data?.length === 0 && <li className={styles.hint}>No drafts yet.</li>}
      </ul>
    </section>
  )
}
