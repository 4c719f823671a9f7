import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Reminder, SubscriptionJson } from '@/lib/reminders/reminder-api'
import { skyChanges } from '@/lib/reminders/sky-changes'
import { fakePush, IPHONE_UA } from '@/lib/reminders/testing/fake-push'
import { REMINDER_WORDS } from '@/lib/reminders/words'
import { ReminderToggle } from './reminder-toggle'

const SERVER_KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => i)]).toString('base64url')

/**
 * The session as the page's sign-in provider gives it; a test changes it and renders again. Asking to sign in marks
 * the request at once, as the provider does in the same update.
 */
const signIn = {
  status: 'authenticated' as 'loading' | 'unauthenticated' | 'authenticated',
  available: true,
  requested: false,
  request: vi.fn(),
}
const askToSignIn = () => {
  signIn.requested = true
}
vi.mock('@/lib/sign-in', () => ({ useSignIn: () => signIn }))
vi.mock('wagmi', () => ({ useAccount: () => ({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }) }))

/** The API as the reminder routes answer: the account's reminders, kept here, or a refusal in words. */
const server = {
  reminders: [] as Reminder[],
  key: (): Promise<string> => Promise.resolve(SERVER_KEY),
  refuseAdd: undefined as string | undefined,
}
const api = vi.hoisted(() => ({
  fetchReminderKey: vi.fn(),
  fetchReminders: vi.fn(),
  addReminder: vi.fn(),
  removeReminder: vi.fn(),
}))
vi.mock('@/lib/reminders/reminder-api', () => api)

beforeEach(() => {
  // What a test left of the sky's change (its words, a turn-on waiting for a sign-in) is not the next one's.
  skyChanges.clear(12)
  server.reminders = []
  server.key = () => Promise.resolve(SERVER_KEY)
  server.refuseAdd = undefined
  Object.assign(signIn, { status: 'authenticated', available: true, requested: false })
  signIn.request.mockReset().mockImplementation(askToSignIn)
  api.fetchReminderKey.mockImplementation(() => server.key())
  api.fetchReminders.mockImplementation(() => Promise.resolve([...server.reminders]))
  api.addReminder.mockImplementation((skyId: number, subscription: SubscriptionJson, hour: number) => {
    if (server.refuseAdd) return Promise.reject(new Error(server.refuseAdd))
    server.reminders = [
      ...server.reminders.filter((r) => !(r.skyId === skyId && r.endpoint === subscription.endpoint)),
      { skyId, endpoint: subscription.endpoint, hour },
    ]
    return Promise.resolve()
  })
  api.removeReminder.mockImplementation((skyId: number, endpoint: string) => {
    server.reminders = server.reminders.filter((r) => !(r.skyId === skyId && r.endpoint === endpoint))
    return Promise.resolve()
  })
})

let restore: (() => void) | undefined
afterEach(() => {
  restore?.()
  restore = undefined
  vi.unstubAllGlobals()
})

function setUp(options: Parameters<typeof fakePush>[0] = {}) {
  const push = fakePush(options)
  restore = push.install()
  const client = new QueryClient({ defaultOptions: { queries: { retry: 0 } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  let view = render(<ReminderToggle skyId={12n} />, { wrapper })
  const rerender = () => view.rerender(<ReminderToggle skyId={12n} />)
  /** Draws the control afresh, as a page's list may be while the player signs in. */
  const remount = () => {
    view.unmount()
    view = render(<ReminderToggle skyId={12n} />, { wrapper })
  }
  return { push, rerender, remount }
}

const toggle = () => screen.getByRole('switch', { name: 'Remind me' }) as HTMLInputElement
const hourPicker = () => screen.getByRole('combobox', { name: 'Remind me at, the sky’s own time' }) as HTMLSelectElement
const alert = () => screen.findByRole('alert')

describe('ReminderToggle', () => {
  it('offers nightfall and each hour of the sky’s night, off until turned on', async () => {
    setUp()
    await waitFor(() => expect(api.fetchReminders).toHaveBeenCalled())
    expect(toggle().checked).toBe(false)
    expect([...hourPicker().options].map((o) => o.text)).toEqual([
      'At nightfall (18:00)',
      '19:00',
      '20:00',
      '21:00',
      '22:00',
      '23:00',
      '00:00',
      '01:00',
      '02:00',
      '03:00',
      '04:00',
      '05:00',
    ])
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('turns on at the hour picked: asks the browser, subscribes, and keeps it with the API', async () => {
    const { push } = setUp()
    fireEvent.change(hourPicker(), { target: { value: '3' } })
    fireEvent.click(toggle())
    await waitFor(() => expect(toggle().checked).toBe(true))
    expect(push.notification.requestPermission).toHaveBeenCalledOnce()
    expect(api.addReminder).toHaveBeenCalledWith(
      12,
      { endpoint: push.subscription?.endpoint, keys: expect.any(Object) },
      3,
    )
    expect(await screen.findByText(/^On this device, each night at 21:00 where the sky lives/)).toBeTruthy()
    expect(hourPicker().value).toBe('3')
  })

  it('shows the reminder this browser has, and not one another browser has', async () => {
    const { push, rerender } = setUp()
    server.reminders = [{ skyId: 12, endpoint: 'https://fcm.googleapis.com/fcm/send/another-browser', hour: 5 }]
    await waitFor(() => expect(api.fetchReminders).toHaveBeenCalled())
    expect(toggle().checked).toBe(false)
    fireEvent.click(toggle())
    await waitFor(() => expect(toggle().checked).toBe(true))
    expect(push.subscription).not.toBeNull()
    rerender()
    expect(hourPicker().value).toBe('0')
  })

  it('moves an on reminder to another hour', async () => {
    setUp()
    fireEvent.click(toggle())
    await waitFor(() => expect(toggle().checked).toBe(true))
    fireEvent.change(hourPicker(), { target: { value: '11' } })
    await screen.findByText(/each night at 05:00 where the sky lives/)
    expect(api.addReminder).toHaveBeenLastCalledWith(12, expect.any(Object), 11)
    expect(server.reminders).toHaveLength(1)
  })

  it('subscribes again once the server’s key has changed, as one made with the old key takes no push', async () => {
    const { push } = setUp()
    fireEvent.click(toggle())
    await waitFor(() => expect(toggle().checked).toBe(true))
    const first = push.subscription
    const newKey = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => 200 - i)]).toString('base64url')
    server.key = () => Promise.resolve(newKey)
    fireEvent.change(hourPicker(), { target: { value: '1' } })
    await screen.findByText(/each night at 19:00 where the sky lives/)
    expect(first?.unsubscribe).toHaveBeenCalledOnce()
    expect(push.subscription?.endpoint).not.toBe(first?.endpoint)
    expect(api.addReminder).toHaveBeenLastCalledWith(
      12,
      expect.objectContaining({ endpoint: push.subscription?.endpoint }),
      1,
    )
  })

  it('turns off, and ends the browser’s subscription once none of its reminders is left', async () => {
    const { push } = setUp()
    fireEvent.click(toggle())
    await waitFor(() => expect(toggle().checked).toBe(true))
    const subscription = push.subscription
    // Another of the player's skies reminds this browser too: its subscription stays.
    server.reminders.push({ skyId: 13, endpoint: subscription?.endpoint ?? '', hour: 0 })
    fireEvent.click(toggle())
    await waitFor(() => expect(toggle().checked).toBe(false))
    expect(api.removeReminder).toHaveBeenCalledWith(12, subscription?.endpoint)
    expect(subscription?.unsubscribe).not.toHaveBeenCalled()

    server.reminders = []
    fireEvent.click(toggle())
    await waitFor(() => expect(toggle().checked).toBe(true))
    fireEvent.click(toggle())
    await waitFor(() => expect(toggle().checked).toBe(false))
    await waitFor(() => expect(subscription?.unsubscribe).toHaveBeenCalledOnce())
    expect(push.subscription).toBeNull()
  })

  it('says how to unblock notifications when the browser’s permission is denied', async () => {
    const { push } = setUp({ answer: 'denied' })
    fireEvent.click(toggle())
    expect((await alert()).textContent).toBe(
      'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
    )
    expect(toggle().checked).toBe(false)
    expect(push.pushManager.subscribe).not.toHaveBeenCalled()
    expect(api.addReminder).not.toHaveBeenCalled()
  })

  it('says so when notifications were blocked after the reminder was turned on', async () => {
    const { push, rerender } = setUp()
    fireEvent.click(toggle())
    await waitFor(() => expect(toggle().checked).toBe(true))
    expect(screen.queryByRole('alert')).toBeNull()
    push.notification.permission = 'denied'
    rerender()
    expect((await alert()).textContent).toBe(REMINDER_WORDS.denied)
    expect(toggle().checked).toBe(true)
  })

  it('asks an iPhone to add the app to its Home Screen first', async () => {
    setUp({ userAgent: IPHONE_UA })
    fireEvent.click(toggle())
    expect((await alert()).textContent).toBe(REMINDER_WORDS.iosNotInstalled)
    expect((await alert()).textContent).toMatch(/Share → Add to Home Screen/)
  })

  it('says so where the browser has no Push API', async () => {
    setUp({ features: false })
    fireEvent.click(toggle())
    expect((await alert()).textContent).toBe(REMINDER_WORDS.unsupported)
  })

  it('shows the server’s own words when it sends no reminders, or refuses one', async () => {
    const off = 'This server sends no reminders: its operator has not set its push keys (VAPID).'
    server.key = () => Promise.reject(new Error(off))
    setUp()
    fireEvent.click(toggle())
    expect((await alert()).textContent).toBe(off)
    expect(toggle().checked).toBe(false)

    server.key = () => Promise.resolve(SERVER_KEY)
    server.refuseAdd = 'Only the sky’s owner can be reminded of its nights.'
    fireEvent.click(toggle())
    await waitFor(async () => expect((await alert()).textContent).toBe(server.refuseAdd))
    expect(toggle().checked).toBe(false)
  })

  it('says the server did not answer when a request got no answer', async () => {
    server.key = () => Promise.reject(new TypeError('Failed to fetch'))
    setUp()
    fireEvent.click(toggle())
    expect((await alert()).textContent).toBe(REMINDER_WORDS.noServer)
  })

  it('signs a signed-out player in, then finishes turning it on', async () => {
    signIn.status = 'unauthenticated'
    const { push, rerender } = setUp()
    fireEvent.click(toggle())
    await waitFor(() => expect(signIn.request).toHaveBeenCalledOnce())
    // The browser's part is done while the press counts; the API's waits for the session.
    expect(push.pushManager.subscribe).toHaveBeenCalledOnce()
    expect(api.addReminder).not.toHaveBeenCalled()
    expect(toggle().checked).toBe(true)
    expect(screen.getByRole('status').textContent).toBe('Sign in to finish turning it on.')

    // Signed in, the page reads the account's reminders at once, and that read answers from before the turn-on it
    // finishes: the reminder shows all the same.
    Object.assign(signIn, { status: 'authenticated', requested: false })
    rerender()
    await waitFor(() => expect(api.addReminder).toHaveBeenCalledWith(12, expect.any(Object), 0))
    await screen.findByText(/each night at 18:00 where the sky lives/)
  })

  it('finishes turning it on after the sign-in even if the control was drawn afresh meanwhile', async () => {
    signIn.status = 'unauthenticated'
    const { remount } = setUp()
    fireEvent.change(hourPicker(), { target: { value: '2' } })
    fireEvent.click(toggle())
    await waitFor(() => expect(signIn.request).toHaveBeenCalledOnce())
    remount()
    expect(toggle().checked).toBe(true)
    expect(hourPicker().value).toBe('2')
    Object.assign(signIn, { status: 'authenticated', requested: false })
    remount()
    await screen.findByText(/each night at 20:00 where the sky lives/)
    expect(api.addReminder).toHaveBeenCalledOnce()
    expect(api.addReminder).toHaveBeenCalledWith(12, expect.any(Object), 2)
  })

  it('keeps it off, in words, when the player does not sign in', async () => {
    signIn.status = 'unauthenticated'
    const { rerender } = setUp()
    fireEvent.click(toggle())
    await waitFor(() => expect(signIn.request).toHaveBeenCalledOnce())
    expect(toggle().checked).toBe(true)
    // The player closed the sign-in modal.
    Object.assign(signIn, { requested: false })
    await act(async () => rerender())
    expect((await alert()).textContent).toBe(REMINDER_WORDS.signInCancelled)
    expect(toggle().checked).toBe(false)
    expect(api.addReminder).not.toHaveBeenCalled()
  })

  it('says so when the game’s server cannot be reached for sign-in', async () => {
    Object.assign(signIn, { status: 'unauthenticated', available: false })
    const { push } = setUp()
    fireEvent.click(toggle())
    expect((await alert()).textContent).toBe(REMINDER_WORDS.noServer)
    expect(push.notification.requestPermission).not.toHaveBeenCalled()
  })
})
