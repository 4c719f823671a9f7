// The page's HTML is on screen before the app runs (see vite-plugins/prerender.ts). A press in that moment on a
// control marked `data-early="name"` is kept by src/boot.js as `data-name-requested` on the root element;
// `data-app-ready` tells that script the app has taken over, and React sees presses from then on.

export type EarlyPress = 'connect' | 'menu'

const requested = (name: EarlyPress) => `data-${name}-requested`

/** Props that mark a control whose press before the app runs is kept. */
export const earlyPress = (name: EarlyPress) => ({ 'data-early': name })

/** Tells the page's early script that the app now sees presses itself. */
export function markAppReady() {
  document.documentElement.setAttribute('data-app-ready', '')
}

/** Whether `name` was pressed before the app ran; asking clears it. */
export function takeEarlyPress(name: EarlyPress): boolean {
  const root = document.documentElement
  const pressed = root.hasAttribute(requested(name))
  root.removeAttribute(requested(name))
  return pressed
}

/** Marks `name` as pressed and waiting (the connect button shows progress while the wallet stack loads). */
export function setPressPending(name: EarlyPress, pending: boolean) {
  document.documentElement.toggleAttribute(requested(name), pending)
}
