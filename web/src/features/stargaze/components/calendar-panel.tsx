import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Note } from '@/components/ui/note'
import { useSignIn } from '@/lib/sign-in'
import { calendarState, newCalendarLink, turnCalendarOff } from '../api/calendar'
import styles from './calendar-panel.module.css'

const KEY = ['calendar'] as const

/**
 * Reminders in the player's own calendar: a secret link to a feed of the nights each of their skies can be gazed at,
 * each with an alarm as it begins (docs/decisions/reminders.md). The link is shown once, when made; making a new one
 * turns the last one off.
 */
export function CalendarPanel() {
  const { status, available, requested, request } = useSignIn()
  const signedIn = status === 'authenticated'
  const queryClient = useQueryClient()
  const state = useQuery({ queryKey: KEY, queryFn: calendarState, enabled: signedIn })
  const [link, setLink] = useState<{ url: string; webcal: string }>()
  const [copied, setCopied] = useState(false)
  const make = useMutation({
    mutationFn: newCalendarLink,
    onSuccess: ({ url, webcal, since }) => {
      setLink({ url, webcal })
      setCopied(false)
      queryClient.setQueryData(KEY, { on: true, since })
    },
  })
  const off = useMutation({
    mutationFn: turnCalendarOff,
    onSuccess: () => {
      setLink(undefined)
      queryClient.setQueryData(KEY, { on: false, since: null })
    },
  })
  const copy = async () => {
    if (!link) return
    await navigator.clipboard?.writeText(link.url).catch(() => {})
    setCopied(true)
  }
  const busy = make.isPending || off.isPending
  const error = make.error ?? off.error ?? state.error

  return (
    <section className={styles.panel} aria-labelledby="calendar-title">
      <div className={styles.head}>
        <h2 id="calendar-title" className={styles.title}>
          Never miss a night
        </h2>
        <p className={styles.lead}>
          Your skies&rsquo; nights in your own calendar, with a reminder as each begins where the sky lives.
        </p>
      </div>
      {!signedIn ? (
        available ? (
          <Button variant="secondary" size="sm" onClick={request} disabled={requested}>
            Sign in to add them to your calendar
          </Button>
        ) : (
          <Note tone="warning">
            Calendar reminders are unavailable while the game&rsquo;s server cannot be reached.
          </Note>
        )
      ) : link ? (
        <div className={styles.link}>
          <label className={styles.field}>
            <span className={styles.label}>Your calendar link</span>
            <input readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
          </label>
          <div className={styles.actions}>
            <a className={styles.open} href={link.webcal}>
              Open in your calendar app
            </a>
            <Button variant="secondary" size="sm" onClick={copy}>
              {copied ? 'Link copied' : 'Copy link'}
            </Button>
            <Button variant="text" size="sm" onClick={() => off.mutate()} disabled={busy}>
              Turn off
            </Button>
          </div>
          <p className={styles.hint}>
            Keep it to yourself: it shows your skies&rsquo; nights to whoever has it. It is shown once; making a new
            link turns this one off.
          </p>
        </div>
      ) : state.data?.on ? (
        <div className={styles.actions}>
          <p className={styles.hint}>
            Your calendar link is on
            {state.data.since ? ` since ${new Date(state.data.since).toLocaleDateString()}` : ''}.
          </p>
          <Button variant="secondary" size="sm" onClick={() => make.mutate()} disabled={busy}>
            Make a new link
          </Button>
          <Button variant="text" size="sm" onClick={() => off.mutate()} disabled={busy}>
            Turn off
          </Button>
        </div>
      ) : (
        <Button size="sm" onClick={() => make.mutate()} disabled={busy || !state.data}>
          Add to calendar
        </Button>
      )}
      {error && (
        <Note tone="error" role="alert">
          {error.message}
        </Note>
      )}
    </section>
  )
}
