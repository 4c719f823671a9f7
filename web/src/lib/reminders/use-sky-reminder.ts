import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useAccount } from 'wagmi'
import { useSignIn } from '@/lib/sign-in'
import { currentSubscription, endpointKey, pushSupport, ReminderRefusal, subscribeThisBrowser } from './push'
import { addReminder, fetchReminderKey, fetchReminders, removeReminder, type SubscriptionJson } from './reminder-api'
import { skyChanges, useSkyChange, wordsOf } from './sky-changes'
import { REMINDER_WORDS } from './words'

const ENDPOINT = ['reminders', 'endpoint'] as const

/** What a sky's reminder control shows and does. */
export type SkyReminder = {
  /** On for this browser. */
  on: boolean
  /** Hours into the night it comes at: the reminder's, or the one picked while it is off. */
  hour: number
  /** What is under way. */
  busy: 'on' | 'off' | 'sign-in' | undefined
  /** What went wrong, in words. */
  error: string | undefined
  turnOn: () => void
  turnOff: () => void
  pickHour: (hour: number) => void
}

/**
 * Sky `skyId`'s reminder by Web Push for this browser: on or off and at which hour, from the account's reminders
 * (`GET /api/reminders`) and this browser's subscription. Turning it on asks the browser first, then asks the player to
 * sign in where they are not, and finishes once they have; turning the last of this browser's reminders off ends its
 * subscription too. What is under way lives in `skyChanges`, so the control may be drawn again meanwhile.
 */
export function useSkyReminder(skyId: number): SkyReminder {
  const { status, available, requested, request } = useSignIn()
  const signedIn = status === 'authenticated'
  const { address } = useAccount()
  const queryClient = useQueryClient()
  const support = useMemo(() => pushSupport(), [])
  const listKey = useMemo(() => ['reminders', 'list', address?.toLowerCase()] as const, [address])
  const list = useQuery({ queryKey: listKey, queryFn: fetchReminders, enabled: signedIn })
  const endpoint = useQuery({
    queryKey: ENDPOINT,
    queryFn: async () => {
      const subscription = await currentSubscription()
      return subscription ? endpointKey(subscription.endpoint) : null
    },
    enabled: signedIn && support === 'ok',
  })
  const mine = list.data?.find((r) => r.skyId === skyId && endpointKey(r.endpoint) === endpoint.data)
  const change = useSkyChange(skyId)
  const [picked, setPicked] = useState(0)

  /**
   * The account's reminders read after a change. A read already under way began before it, and would answer without
   * it (the one made as the player signs in races the turn-on it finishes): it is called off first.
   */
  const readAfterChange = async () => {
    await queryClient.cancelQueries({ queryKey: listKey })
    return queryClient.fetchQuery({ queryKey: listKey, queryFn: fetchReminders })
  }
  /** Keeps the reminder with the API for `subscription`. */
  const keep = async (subscription: SubscriptionJson, hour: number): Promise<undefined> => {
    await addReminder(skyId, subscription, hour)
    await readAfterChange()
    return undefined
  }
  const turnOn = (hour: number) =>
    skyChanges.run(skyId, 'on', hour, async () => {
      if (!available) throw new ReminderRefusal(REMINDER_WORDS.noServer)
      // Asked for at every turn-on, never kept: a server's key may change (a local stack makes one at every start), and a
      // subscription made with the old one would take none of its pushes.
      const subscription = await subscribeThisBrowser(fetchReminderKey)
      queryClient.setQueryData(ENDPOINT, endpointKey(subscription.endpoint))
      if (signedIn) return keep(subscription, hour)
      request()
      return { hour, subscription }
    })
  const turnOff = (reminder: { endpoint: string }) =>
    skyChanges.run(skyId, 'off', undefined, async () => {
      await removeReminder(skyId, reminder.endpoint)
      const rest = await readAfterChange()
      if (rest.some((r) => endpointKey(r.endpoint) === endpointKey(reminder.endpoint))) return
      await (await currentSubscription())?.unsubscribe()
      queryClient.setQueryData(ENDPOINT, null)
    })

  // A turn-on that waited for sign-in: finished once signed in, dropped (in words) if the player did not sign in.
  const waiting = !!change.waiting
  // biome-ignore lint/correctness/useExhaustiveDependencies: `keep` is made anew each render; the effect runs on a change of sign-in.
  useEffect(() => {
    if (!waiting) return
    if (signedIn) {
      const turnOn = skyChanges.take(skyId)
      if (turnOn) void skyChanges.run(skyId, 'on', turnOn.hour, () => keep(turnOn.subscription, turnOn.hour))
    } else if (!requested && status === 'unauthenticated') {
      skyChanges.drop(skyId)
    }
  }, [waiting, skyId, signedIn, requested, status])

  // On, but the player has since blocked the site's notifications: the reminders come and are not shown.
  const blocked = !!mine && globalThis.Notification?.permission === 'denied'
  return {
    on: !!mine,
    hour: change.hour ?? mine?.hour ?? picked,
    busy: change.busy,
    error: change.error ?? (list.error ? wordsOf(list.error) : blocked ? REMINDER_WORDS.denied : undefined),
    turnOn: () => void turnOn(picked),
    turnOff: () => {
      if (mine) void turnOff(mine)
      else skyChanges.clear(skyId)
    },
    pickHour: (hour) => {
      setPicked(hour)
      if (mine) void turnOn(hour)
    },
  }
}
