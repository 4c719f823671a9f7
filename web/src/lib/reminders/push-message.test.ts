import { describe, expect, it, vi } from 'vitest'
import {
  type AppWindow,
  appPath,
  NOTIFICATION_ICON,
  notificationOf,
  openFromNotification,
  readPayload,
} from './push-message'

const ORIGIN = 'https://chainellation.example'
const reminder = { title: 'Night has fallen over sky #12', body: 'Its next star waits.', url: '/stargaze?gaze=12' }
const payload = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ ...reminder, skyId: 12, chainId: 11155111, night: 20_426, ...fields })

describe('notificationOf', () => {
  it('shows a reminder with its words, the app’s icon, a tag per sky and chain, and where to gaze', () => {
    expect(notificationOf(payload())).toEqual({
      title: reminder.title,
      options: {
        body: reminder.body,
        icon: NOTIFICATION_ICON,
        tag: 'sky-11155111-12',
        renotify: true,
        data: { url: '/stargaze?gaze=12' },
      },
    })
  })

  it('tags two nights of one sky alike, and two skies or chains apart', () => {
    const tag = (fields: Record<string, unknown>) => notificationOf(payload(fields)).options.tag
    expect(tag({ night: 20_427 })).toBe(tag({ night: 20_426 }))
    expect(tag({ skyId: 13 })).toBe('sky-11155111-13')
    expect(tag({ chainId: 31337 })).toBe('sky-31337-12')
  })

  it('still shows something for a push that holds no reminder, as a user-visible subscription must', () => {
    for (const text of [undefined, null, '', 'not json', '[]', '42', payload({ skyId: '12' }), payload({ title: 7 })]) {
      const shown = notificationOf(text)
      expect(shown.title, String(text)).toBe('Night is falling over your skies')
      expect(shown.options).toEqual({
        body: 'Open Chainellation to gaze.',
        icon: NOTIFICATION_ICON,
        data: { url: '/stargaze' },
      })
    }
  })

  it('leads only to a path of the app’s own', () => {
    for (const url of [
      'https://elsewhere.example/x',
      '//elsewhere.example/x',
      '/\\elsewhere.example',
      'javascript:alert(1)',
    ]) {
      expect(notificationOf(payload({ url })).options.data.url, url).toBe('/stargaze')
    }
    expect(appPath('/sky/12')).toBe('/sky/12')
    expect(appPath(`/${'a'.repeat(600)}`)).toBe('/stargaze')
  })

  it('reads every field of a reminder, and nothing from one that lacks one', () => {
    expect(readPayload(payload())).toEqual({ ...reminder, skyId: 12, chainId: 11155111, night: 20_426 })
    expect(readPayload(payload({ night: 1.5 }))).toBeUndefined()
    expect(readPayload(payload({ chainId: -1 }))).toBeUndefined()
  })
})

/** A window of the app (or another site) as the worker's `clients` gives it. */
function appWindow(url: string, { controlled = true } = {}) {
  const win: AppWindow & { focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> } = {
    url,
    focus: vi.fn(() => Promise.resolve(win)),
    navigate: vi.fn((to: string) =>
      controlled ? Promise.resolve({ ...win, url: to }) : Promise.reject(new TypeError('not controlled')),
    ),
  }
  return win
}

function clientsWith(windows: AppWindow[]) {
  return { matchAll: vi.fn(() => Promise.resolve(windows)), openWindow: vi.fn(() => Promise.resolve(null)) }
}

describe('openFromNotification', () => {
  it('takes an open window of the app to the reminder’s page, then brings it forward', async () => {
    const other = appWindow('https://elsewhere.example/')
    const app = appWindow(`${ORIGIN}/mint`)
    const clients = clientsWith([other, app])
    await openFromNotification(clients, ORIGIN, { url: '/stargaze?gaze=12' })
    expect(app.navigate).toHaveBeenCalledWith(`${ORIGIN}/stargaze?gaze=12`)
    expect(app.focus).toHaveBeenCalledOnce()
    expect(other.navigate).not.toHaveBeenCalled()
    expect(clients.openWindow).not.toHaveBeenCalled()
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true })
  })

  it('opens a window where the app’s is not the worker’s to move, or there is none', async () => {
    const uncontrolled = appWindow(`${ORIGIN}/`, { controlled: false })
    const clients = clientsWith([uncontrolled])
    await openFromNotification(clients, ORIGIN, { url: '/stargaze?gaze=3' })
    expect(uncontrolled.focus).not.toHaveBeenCalled()
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/stargaze?gaze=3`)

    const none = clientsWith([appWindow('https://elsewhere.example/')])
    await openFromNotification(none, ORIGIN, { url: '//elsewhere.example/' })
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/stargaze`)
  })
})
