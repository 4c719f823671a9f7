import { memo, useId, useMemo } from 'react'
import { useHydrated } from '@/hooks/use-hydrated'
import { describeChoice, describeOffset, describeZone, type TimeZoneChoice, timeZoneChoices } from '../utils/time-zone'
import styles from './controls.module.css'

export type TimeZoneControlProps = {
  value: TimeZoneChoice
  onChange: (value: TimeZoneChoice) => void
}

/** Where the sky lives: the browser's zone by default, any other on request; the offset is what is minted. */
export const TimeZoneControl = memo(function TimeZoneControl({ value, onChange }: TimeZoneControlProps) {
  const id = useId()
  // The zones' offsets are today's: the build's HTML lists only the chosen one, the browser all of them.
  const hydrated = useHydrated()
  const choices = useMemo(() => {
    if (!hydrated) return [value]
    const all = timeZoneChoices()
    return all.some((c) => c.zone === value.zone) ? all : [...all, value].sort((a, b) => a.offset - b.offset)
  }, [value, hydrated])
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
        onChange={(e) => {
          const choice = choices.find((c) => c.zone === e.target.value)
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
