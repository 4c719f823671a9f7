import { formatUtcOffset, MAX_UTC_OFFSET, MIN_UTC_OFFSET, UTC_OFFSET_STEP } from '@chainellation/art'
import { SORT_LABELS } from '../utils/gallery-labels'
import { GALLERY_SORTS, type GalleryChange, type GalleryQuery, type GallerySort } from '../utils/gallery-query'
import styles from './gallery-controls.module.css'

const ZONES = Array.from(
  { length: (MAX_UTC_OFFSET - MIN_UTC_OFFSET) / UTC_OFFSET_STEP + 1 },
  (_, i) => MIN_UTC_OFFSET + i * UTC_OFFSET_STEP,
)

type Flag = 'night' | 'completed' | 'decorated'

/** Each yes-or-no filter: its label, and what "any", yes and no read as. */
const FLAG_CHOICES: Record<Flag, { label: string; any: string; yes: string; no: string }> = {
  night: { label: 'Time there', any: 'Night or day', yes: 'Night now', no: 'Day now' },
  completed: { label: 'Constellation', any: 'Any progress', yes: 'Completed', no: 'Still secret' },
  decorated: { label: 'Decorations', any: 'Any', yes: 'With decorations', no: 'Without decorations' },
}

const flagValue = (value: boolean | undefined) => (value === undefined ? '' : String(value))
const flagOf = (value: string) => (value === '' ? undefined : value === 'true')

export type GalleryFiltersProps = { query: GalleryQuery; onQuery: (change: GalleryChange) => void }

/** The gallery's order and its filters, each applied as it is chosen. */
export function GalleryFilters({ query, onQuery }: GalleryFiltersProps) {
  return (
    <div className={styles.filters}>
      <label className={styles.field}>
        <span className={styles.label}>Order</span>
        <select
          className={styles.select}
          value={query.sort}
          onChange={(e) => onQuery((current) => ({ ...current, sort: e.target.value as GallerySort }))}
        >
          {GALLERY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
      {(Object.keys(FLAG_CHOICES) as Flag[]).map((flag) => {
        const choice = FLAG_CHOICES[flag]
        return (
          <label key={flag} className={styles.field}>
            <span className={styles.label}>{choice.label}</span>
            <select
              className={styles.select}
              value={flagValue(query[flag])}
              onChange={(e) => {
                const value = flagOf(e.target.value)
                onQuery((current) => ({ ...current, [flag]: value }))
              }}
            >
              <option value="">{choice.any}</option>
              <option value="true">{choice.yes}</option>
              <option value="false">{choice.no}</option>
            </select>
          </label>
        )
      })}
      <label className={styles.field}>
        <span className={styles.label}>Time zone</span>
        <select
          className={styles.select}
          value={query.tz === undefined ? '' : String(query.tz)}
          onChange={(e) => {
            const tz = e.target.value === '' ? undefined : Number(e.target.value)
            onQuery((current) => ({ ...current, tz }))
          }}
        >
          <option value="">Any time zone</option>
          {ZONES.map((tz) => (
            <option key={tz} value={tz}>
              {formatUtcOffset(tz)}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
