import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useAccount } from 'wagmi'
import { useSignIn } from '@/lib/sign-in'
import { currentSubscription, endpointKey, pushSupport, ReminderRefusal, subscribeThisBrowser } from './push'
import { addReminder, fetchReminderKey, fetchReminders, removeReminder, type SubscriptionJson } from './reminder-api'
import { REMINDER_WORDS } from './words'

const KEY = ['reminders', 'key'] as const
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

type Change = { action: 'on'; hour: number; subscription?: SubscriptionJson } | { action: 'off' }

/** A failure in words: ours and the API's as they are, a request that got no answer as the server not answering. */
const wordsOf = (error: Error | null) =>
  !error ? undefined : error instanceof TypeError ? REMINDER_WORDS.noServer : error.message

/**
 * Sky `skyId`'s reminder by Web Push for this browser: on or off and at which hour, from the account's reminders
 * (`GET /api/reminders`) and this browser's subscription. Turning it on asks the browser first, then asks the player to
 * sign in where they are not, and finishes once they have; turning the last of this browser's reminders off ends its
 * subscription too.
 */
export function useSkyReminder(skyId: number): SkyReminder {
  const { status, available, requested, request } = useSignIn()
  const signedIn = status === 'authenticated'
  const { address } = useAccount()
  const queryClient = useQueryClient()
  const support = useMemo(() => pushSupport(), [])
  const listKey = ['reminders', 'list', address?.toLowerCase()] as const
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
  const [picked, setPicked] = useState(0)
  const [waiting, setWaiting] = useState<{ hour: number; subscription: SubscriptionJson }>()
  const [signInRefused, setSignInRefused] = useState(false)
  const publicKey = () => queryClient.fetchQuery({ queryKey: KEY, queryFn: fetchReminderKey, staleTime: Infinity })

  const change = useMutation({
    mutationFn: async (next: Change) => {
      if (next.action === 'off') {
        if (!mine) return
        await removeReminder(skyId, mine.endpoint)
        const rest = await queryClient.fetchQuery({ queryKey: listKey, queryFn: fetchReminders })
        if (rest.some((r) => endpointKey(r.endpoint) === endpointKey(mine.endpoint))) return
        await (await currentSubscription())?.unsubscribe()
        queryClient.setQueryData(ENDPOINT, null)
        return
      }
      if (!available) throw new ReminderRefusal(REMINDER_WORDS.noServer)
      const subscription = next.subscription ?? (await subscribeThisBrowser(publicKey))
      queryClient.setQueryData(ENDPOINT, endpointKey(subscription.endpoint))
      if (!signedIn) {
        setWaiting({ hour: next.hour, subscription })
        request()
        return
      }
      await addReminder(skyId, subscription, next.hour)
      await queryClient.invalidateQueries({ queryKey: listKey })
    },
  })

  // A turn-on that waited for sign-in: finished once signed in, dropped (in words) if the player did not sign in.
  const { mutate } = change
  useEffect(() => {
    if (!waiting) return
    if (signedIn) {
      setWaiting(undefined)
      mutate({ action: 'on', ...waiting })
    } else if (!requested && status === 'unauthenticated') {
      setWaiting(undefined)
      setSignInRefused(true)
    }
  }, [waiting, signedIn, requested, status, mutate])

  const on = !!mine
  const pending = change.isPending ? change.variables : undefined
  return {
    on,
    hour: pending?.action === 'on' ? pending.hour : (mine?.hour ?? picked),
    busy: waiting ? 'sign-in' : pending?.action,
    error: signInRefused ? REMINDER_WORDS.signInCancelled : wordsOf(change.error ?? list.error),
    turnOn: () => {
      setSignInRefused(false)
      change.mutate({ action: 'on', hour: picked })
    },
    turnOff: () => change.mutate({ action: 'off' }),
    pickHour: (hour) => {
      setPicked(hour)
      if (on) change.mutate({ action: 'on', hour })
    },
  }
}
