// Reminders of a sky's nights by Web Push: the browser's steps, the API, and the hook the controls use
// (docs/decisions/reminders.md).
export { pushSupport, ReminderRefusal } from './push'
export { type SkyReminder, useSkyReminder } from './use-sky-reminder'
export { REMINDER_HOURS, REMINDER_WORDS, reminderClock, reminderHourLabel, reminderOnWords } from './words'
