import { memo } from 'react'
import type { PreviewMode } from '../utils/design'
import styles from './preview-toggles.module.css'

export type PreviewTogglesProps = {
  mode: PreviewMode
  onChange: (mode: PreviewMode) => void
}

/** How the preview shows the sky: by night or by day, fresh or with its constellation complete. */
export const PreviewToggles = memo(function PreviewToggles({ mode, onChange }: PreviewTogglesProps) {
  return (
    <fieldset className={styles.toggles}>
      <legend className="visually-hidden">Preview</legend>
      <div className={styles.segmented}>
        {(['night', 'day'] as const).map((time) => (
          <label key={time} className={styles.segment}>
            <input
              type="radio"
              name="preview-time"
              checked={mode.night === (time === 'night')}
              onChange={() => onChange({ ...mode, night: time === 'night' })}
            />
            <span>{time === 'night' ? 'Night' : 'Day'}</span>
          </label>
        ))}
      </div>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          aria-checked={mode.revealed}
          checked={mode.revealed}
          onChange={(e) => onChange({ ...mode, revealed: e.target.checked })}
        />
        <span className={styles.track} aria-hidden="true" />
        Fully revealed
      </label>
    </fieldset>
  )
})
