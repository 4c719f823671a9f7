import { memo, useId } from 'react'
import styles from './controls.module.css'

export type HueControlProps = {
  label: string
  hint: string
  /** The chosen hue, or null when the sky chooses. */
  value: number | null
  /** The hue the sky would choose, shown while it does. */
  skyValue: number
  onChange: (value: number | null) => void
}

/** A hue slider with a "let the sky choose" switch; moving the slider chooses. */
export const HueControl = memo(function HueControl({ label, hint, value, skyValue, onChange }: HueControlProps) {
  const id = useId()
  const shown = value ?? skyValue
  return (
    <fieldset className={styles.field}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.hueRow}>
        <span className={styles.swatch} style={{ background: `hsl(${shown} 70% 55%)` }} aria-hidden="true" />
        <input
          id={`${id}-hue`}
          className={styles.hue}
          type="range"
          min={0}
          max={359}
          value={shown}
          aria-label={label}
          aria-describedby={`${id}-hint`}
          aria-valuetext={`${shown}°${value === null ? ', chosen by the sky' : ''}`}
          onChange={(e) => onChange(Number(e.target.value))}
        />
        <output htmlFor={`${id}-hue`} className={styles.degrees}>
          {shown}°
        </output>
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={value === null} onChange={(e) => onChange(e.target.checked ? null : shown)} />
        Let the sky choose
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
    </fieldset>
  )
})
