import { memo, useId, useMemo, useState } from 'react'
import { describeChoice, describeOffset, describeZone, type TimeZoneChoice, timeZoneChoices } from '../utils/time-zone'
import styles from './controls.module.css'

export type TimeZoneControlProps = {
  value: TimeZoneChoice
  onChange: (value: TimeZoneChoice) => void
}

/** Every zone the browser knows, worked out once: each asks the browser's time-zone database for its offset. */
let allChoices: TimeZoneChoice[] | undefined
const everyChoice = () => {
  allChoices ??= timeZoneChoices()
  return allChoices
}

/**
 * Where the sky lives: the browser's zone by default, any other on request; the offset is what is minted. A closed
 * list shows only its choice, so the four hundred zones are worked out when the player reaches for it (focus or
 * press), not while the page loads.
 */
export const TimeZoneControl = memo(function TimeZoneControl({ value, onChange }: TimeZoneControlProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const choices = useMemo(() => {
    if (!open) return [value]
    const all = everyChoice()
    return all.some((c) => c.zone === value.zone) ? all : [...all, value].sort((a, b) => a.offset - b.offset)
  }, [value, open])
  // Four hundred options: built once per list, so a change elsewhere on the page does not walk them again.
  const options = useMemo(
    () =>
      choices.map((c) => (
        <option key={c.zone} value={c.zone}>
          {c.zone === 'UTC' ? 'UTC' : `${describeOffset(c.offset)} · ${describeZone(c.zone)}`}
        </option>
      )),
    [choices],
  )
  const reach = () => setOpen(true)
  return (
    <div className={styles.field}>
      <label className={styles.legend} htmlFor={id}>
        Time zone
      </label>
      <p className={styles.zone} aria-live="polite">
        {describeChoice(value)}
      </p>
      <select
        id={id}
        className={styles.select}
        value={value.zone}
        aria-describedby={`${id}-hint`}
        onFocus={reach}
        onPointerDown={reach}
        onKeyDown={reach}
        onChange={(e) => {
          const choice = everyChoice().find((c) => c.zone === e.target.value)
          if (choice) onChange(choice)
        }}
      >
        {options}
      </select>
      <p id={`${id}-hint`} className={styles.hint}>
        Night falls over your sky at 18:00 there. It keeps today’s offset for good, without daylight saving.
      </p>
    </div>
  )
})
