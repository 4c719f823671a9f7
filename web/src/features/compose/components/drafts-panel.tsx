import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Note } from '@/components/ui/note'
import { compositionOf, type createDraft, type Draft, draftLayers } from '../api/drafts'
import { useDrafts } from '../hooks/use-drafts'
import type { Composition } from '../utils/composition'
import { DraftName } from './draft-name'
import styles from './drafts-panel.module.css'

export type DraftsPanelProps = {
  skyId: bigint
  chainId: number
  composition: Composition
  /** The name typed for the next draft (kept by the editor). */
  name: string
  onNameChange: (name: string) => void
  onLoad: (composition: Composition) => void
}

type NewDraft = Parameters<typeof createDraft>[0]

/**
 * Save the composition as a named draft, and list, load, rename, delete and share your drafts. Drafts need a
 * session: a save made before signing in asks for the sign-in, then is saved as it was pressed; one whose sign-in
 * is cancelled keeps its name and the composition (docs/decisions/first-use.md).
 */
export function DraftsPanel({ skyId, chainId, composition, name, onNameChange: setName, onLoad }: DraftsPanelProps) {
  const { signedIn, available, signingIn, signIn, list, save, rename, remove } = useDrafts()
  const [params] = useSearchParams()
  const [copied, setCopied] = useState<string>()
  // The save pressed before the sign-in it asked for; sent once signed in, dropped if the sign-in ends without.
  const [pending, setPending] = useState<NewDraft>()
  const wasSigningIn = useRef(false)
  const send = (draft: NewDraft) => save.mutate(draft, { onSuccess: () => setName('') })
  const sendPending = useEffectEvent(send)
  useEffect(() => {
    if (pending && signedIn) {
      setPending(undefined)
      sendPending(pending)
    } else if (pending && wasSigningIn.current && !signingIn) {
      setPending(undefined)
    }
    wasSigningIn.current = signingIn
  }, [pending, signedIn, signingIn])

  const onSave = (event: FormEvent) => {
    event.preventDefault()
    const draft = { name, chainId, skyId: skyId.toString(), layers: draftLayers(composition) }
    if (signedIn) return send(draft)
    setPending(draft)
    signIn()
  }
  const saving = save.isPending || pending !== undefined
  const form = (
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
      <Button type="submit" size="sm" disabled={saving || name.trim() === '' || !available}>
        {pending ? 'Signing in…' : 'Save draft'}
      </Button>
    </form>
  )
  if (!signedIn) {
    return (
      <section className={styles.drafts} aria-labelledby="drafts-title">
        <h2 id="drafts-title" className={styles.title}>
          Drafts
        </h2>
        {available ? (
          <>
            {form}
            <p className={styles.hint}>
              Drafts are kept by the game&rsquo;s server: saving or opening one asks your wallet to sign in once (a
              signature, no transaction).
            </p>
            <Button variant="secondary" size="sm" onClick={signIn} disabled={signingIn}>
              {params.has('draft') ? 'Sign in to open your draft' : 'Sign in to see your drafts'}
            </Button>
          </>
        ) : (
          <Note tone="warning">Drafts are unavailable while the game&rsquo;s server cannot be reached.</Note>
        )}
      </section>
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
      {form}
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
