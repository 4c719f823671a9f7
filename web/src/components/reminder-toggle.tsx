import { useId } from 'react'
import { Note } from '@/components/ui/note'
import { REMINDER_HOURS, reminderHourLabel, reminderOnWords, useSkyReminder } from '@/lib/reminders'
import styles from './reminder-toggle.module.css'

export type ReminderToggleProps = {
  skyId: bigint
  className?: string
}

/**
 * "Remind me": a notification on this device when night falls where sky `skyId` lives, or some hours later, for its
 * signed-in owner (docs/decisions/reminders.md). The switch and the hour stay where the player put them while the
 * browser and the API are asked; what went wrong is said below them.
 */
export function ReminderToggle({ skyId, className }: ReminderToggleProps) {
  const { on, hour, busy, error, turnOn, turnOff, pickHour } = useSkyReminder(Number(skyId))
  const hintId = useId()
  // The switch shows where the player put it while that is under way.
  const checked = busy === 'on' || busy === 'sign-in' ? true : busy === 'off' ? false : on
  const hint =
    busy === 'on'
      ? 'Turning the reminder on…'
      : busy === 'off'
        ? 'Turning the reminder off…'
        : busy === 'sign-in'
          ? 'Sign in to finish turning it on.'
          : on
            ? reminderOnWords(hour)
            : undefined
  return (
    <div className={[styles.reminder, className].filter(Boolean).join(' ')}>
      <div className={styles.row}>
        <label className={styles.switch}>
          {/* Not `disabled` while busy, which would drop a keyboard's focus: presses are ignored instead. */}
          <input
            type="checkbox"
            role="switch"
            checked={checked}
            aria-checked={checked}
            aria-disabled={busy !== undefined}
            aria-describedby={hint ? hintId : undefined}
            onChange={(event) => {
              if (busy) return
              if (event.currentTarget.checked) turnOn()
              else turnOff()
            }}
          />
          <span className={styles.track} aria-hidden="true" />
          Remind me
        </label>
        <select
          className={styles.select}
          aria-label="Remind me at, the sky’s own time"
          value={hour}
          aria-disabled={busy !== undefined}
          onChange={(event) => {
            if (!busy) pickHour(Number(event.currentTarget.value))
          }}
        >
          {REMINDER_HOURS.map((h) => (
            <option key={h} value={h}>
              {reminderHourLabel(h)}
            </option>
          ))}
        </select>
      </div>
      {hint && (
        <p id={hintId} className={styles.hint} role="status">
          {hint}
        </p>
      )}
      {error && (
        <Note tone="error" role="alert" className={styles.error}>
          {error}
        </Note>
      )}
    </div>
  )
}
