/** The reminder's sentences, said where a player meets them: on a sky's card and on its page. */
export const REMINDER_WORDS = {
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  dismissed: 'The browser asked whether this site may notify you, and had no answer. Try again to be asked once more.',
  iosNotInstalled:
    'On iPhone and iPad, add Chainellation to your Home Screen first (Share → Add to Home Screen), then open it from there to turn reminders on.',
  framed:
    'Inside Safe{Wallet} or another site’s frame, the browser does not let the app notify you: open Chainellation in a tab of its own to turn reminders on.',
  unsupported:
    'This browser cannot show notifications from a website. Reminders work in recent Chrome, Edge, Firefox and Safari.',
  signInCancelled: 'Sign in to be reminded of your skies’ nights: the reminder stays off until you do.',
  noServer: 'Reminders are unavailable while the game’s server cannot be reached.',
  workerFailed: 'The browser would not start the app’s notification worker; reload the page and try again.',
} as const

/** Hours into a night a reminder may come at: 0 at nightfall (18:00 where the sky lives), up to 11 (05:00). */
export const REMINDER_HOURS: readonly number[] = Array.from({ length: 12 }, (_, hour) => hour)

/** "18:00", "23:00", "05:00": the sky's local time `hour` hours into its night. */
export const reminderClock = (hour: number) => `${String((18 + hour) % 24).padStart(2, '0')}:00`

/** The hour as the picker names it: "At nightfall (18:00)", then "19:00" and on. */
export const reminderHourLabel = (hour: number) =>
  hour === 0 ? `At nightfall (${reminderClock(0)})` : reminderClock(hour)

/** What an on reminder does, in words. */
export const reminderOnWords = (hour: number) =>
  `On this device, each night at ${reminderClock(hour)} where the sky lives, unless you have gazed already.`

/** The browser refused to subscribe: its own reason, as a sentence. */
export const subscribeFailedWords = (reason: string) =>
  `The browser could not subscribe to its push service${reason ? ` (${reason.replace(/\.$/, '')})` : ''}. Try again later.`
