import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import type { GalleryChange, GalleryQuery } from '../utils/gallery-query'
import styles from './gallery-controls.module.css'

export type GallerySearchProps = {
  query: GalleryQuery
  onQuery: (change: GalleryChange) => void
  /** The index's sentence when it refused the search or the owner. */
  refusal: string | undefined
}

/**
 * The search (a sky number, an owner's address or ENS name) and the owner filter, applied when submitted. What the
 * player typed stays in the boxes when the index refuses it, beside the index's sentence; the boxes follow the URL
 * when it changes otherwise (back and forward).
 */
export function GallerySearch({ query, onQuery, refusal }: GallerySearchProps) {
  const [q, setQ] = useState(query.q ?? '')
  const [owner, setOwner] = useState(query.owner ?? '')
  /** The page's query the boxes last followed, and the search the player submitted that it has not yet become. */
  const [shown, setShown] = useState({ q: query.q, owner: query.owner })
  const [submitted, setSubmitted] = useState<{ q?: string; owner?: string }>()
  if (shown.q !== query.q || shown.owner !== query.owner) {
    setShown({ q: query.q, owner: query.owner })
    // The page's query catching up with the player's own search (a transition later) leaves what they have typed
    // since; any other change of it (back, forward, a link) fills the boxes.
    if (submitted && submitted.q === query.q && submitted.owner === query.owner) setSubmitted(undefined)
    else {
      setQ(query.q ?? '')
      setOwner(query.owner ?? '')
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next = { q: q.trim() || undefined, owner: owner.trim() || undefined }
    setSubmitted(next.q === query.q && next.owner === query.owner ? undefined : next)
    onQuery((current) => ({ ...current, ...next }))
  }
  // The index names the parameter it refused: the owner filter's, or else the search's.
  const ownerRefused = !!refusal && /^owner\b/.test(refusal)
  const searchRefused = !!refusal && !ownerRefused
  return (
    <search>
      <form className={styles.search} onSubmit={submit} aria-label="Search the gallery">
        <label className={`${styles.field} ${styles.wide}`}>
          <span className={styles.label}>Search</span>
          <input
            type="search"
            className={styles.input}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="42, 0x… or name.eth"
            aria-describedby={searchRefused ? 'gallery-refusal' : 'gallery-search-hint'}
            aria-invalid={searchRefused || undefined}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>Owner</span>
          <input
            type="text"
            className={styles.input}
            value={owner}
            onChange={(e) => setOwner(e.target.value)}
            placeholder="0x…"
            aria-describedby={ownerRefused ? 'gallery-refusal' : undefined}
            aria-invalid={ownerRefused || undefined}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <Button type="submit" className={styles.submit}>
          Search
        </Button>
        <p id="gallery-search-hint" className={styles.hint}>
          A sky’s number, or an owner’s address or ENS name.
        </p>
      </form>
    </search>
  )
}
