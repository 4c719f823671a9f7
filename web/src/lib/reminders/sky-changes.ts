import { useSyncExternalStore } from 'react'
import type { SubscriptionJson } from './reminder-api'
import { REMINDER_WORDS } from './words'

/** A turn-on whose browser part is done, waiting for the player to sign in before the API keeps it. */
export type WaitingTurnOn = { hour: number; subscription: SubscriptionJson }

/** What is happening to a sky's reminder: under way, waiting for a sign-in, or what went wrong last. */
export type SkyChange = {
  busy?: 'on' | 'off' | 'sign-in'
  /** The hour a turn-on under way is for. */
  hour?: number
  waiting?: WaitingTurnOn
  error?: string
}

const NONE: SkyChange = {}
const changes = new Map<number, SkyChange>()
const listeners = new Set<() => void>()

function set(skyId: number, change: SkyChange) {
  changes.set(skyId, change)
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** A failure in words: ours and the API's as they are, a request that got no answer as the server not answering. */
export const wordsOf = (error: unknown) =>
  error instanceof TypeError || !(error instanceof Error) ? REMINDER_WORDS.noServer : error.message

/**
 * The changes to skies' reminders, by sky, kept apart from the controls that make them (in the manner of RainbowKit's
 * transaction store): signing in can draw a page's list again, and its controls with it, and neither a change under
 * way, nor a turn-on waiting for the sign-in, nor the words of a failure may be lost with them.
 */
export const skyChanges = {
  get: (skyId: number) => changes.get(skyId) ?? NONE,
  /** Runs `task` as sky `skyId`'s change: busy meanwhile, then done, waiting for a sign-in, or failed in words. */
  async run(
    skyId: number,
    busy: 'on' | 'off',
    hour: number | undefined,
    task: () => Promise<WaitingTurnOn | undefined>,
  ) {
    set(skyId, { busy, hour })
    try {
      const waiting = await task()
      set(skyId, waiting ? { busy: 'sign-in', hour: waiting.hour, waiting } : NONE)
    } catch (error) {
      set(skyId, { error: wordsOf(error) })
    }
  },
  /** Takes sky `skyId`'s waiting turn-on, for the one caller that finishes it. */
  take(skyId: number): WaitingTurnOn | undefined {
    const { waiting } = skyChanges.get(skyId)
    if (waiting) set(skyId, NONE)
    return waiting
  },
  /** The player did not sign in: the turn-on is dropped, in words. */
  drop(skyId: number) {
    if (skyChanges.get(skyId).waiting) set(skyId, { error: REMINDER_WORDS.signInCancelled })
  },
  /** Forgets what went wrong, as a new attempt begins. */
  clear(skyId: number) {
    if (changes.has(skyId)) set(skyId, NONE)
  },
}

/** Sky `skyId`'s change, as it stands. */
export const useSkyChange = (skyId: number) =>
  useSyncExternalStore(
    subscribe,
    () => skyChanges.get(skyId),
    () => NONE,
  )
