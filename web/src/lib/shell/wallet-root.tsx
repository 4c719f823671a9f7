import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useBrowserValue } from '@/hooks/use-hydrated'
import { earlyPress } from '@/lib/early-press'
import { connectModalReady, openConnectModalIfReady } from '@/lib/wallet/kit-bridge'
import { useFirstInteraction } from './use-first-interaction'
import {
  fetchWalletKit,
  loadWalletKit,
  requestConnect,
  shellLink,
  useKitButtonShown,
  useWalletStack,
  wantsWalletAtOnce,
  warmUpWhenIdle,
} from './wallet-loader'
import styles from './wallet-root.module.css'

export type WalletRootProps = { children: ReactNode }

/**
 * Where the header wants the wallet button (`WalletSlot`'s element), for the kit to draw RainbowKit's into. Kept here
 * rather than in the layout's state: the header's element arrives in the commit that hydrates the page, and the
 * layout's state set there re-rendered the whole page at once, in one blocking task (docs/decisions/first-use.md).
 * Here its arrival re-renders `WalletRoot` alone, whose children are as they were.
 */
let slotElement: HTMLElement | null = null
const slotListeners = new Set<() => void>()
const setSlot = (element: HTMLElement | null) => {
  slotElement = element
  for (const listener of slotListeners) listener()
}
const subscribeSlot = (listener: () => void) => {
  slotListeners.add(listener)
  return () => {
    slotListeners.delete(listener)
  }
}
const noSlot = () => null

/** The stack and the kit, fetched on the page's first interaction (without the wallets' pictures: see `loadWalletKit`). */
const fetchOnInteraction = () => void fetchWalletKit()

/**
 * The page, and beside it the wallet stack once it has loaded: fetched once a page with wallet islands has drawn
 * itself (`WalletIsland` asks for it), at once for a returning wallet user or inside a Safe, on the first
 * interaction, and otherwise once the page has gone quiet. The page never waits for it and never moves into it; the
 * stack draws its islands in place.
 */
export function WalletRoot({ children }: WalletRootProps) {
  const slot = useSyncExternalStore(subscribeSlot, () => slotElement, noSlot)
  const [atOnce] = useState(wantsWalletAtOnce)
  useFirstInteraction(fetchOnInteraction)
  const stack = useWalletStack(atOnce)
  useEffect(warmUpWhenIdle, [])
  return (
    <>
      {children}
      {stack && <stack.WalletStack slot={slot} link={shellLink} />}
    </>
  )
}

/**
 * The header's wallet button: RainbowKit's, drawn into this slot by the wallet kit; until it is there, a button of
 * the same look that fetches the kit and opens the connect modal once it has arrived.
 */
export function WalletSlot() {
  const shown = useKitButtonShown()
  // Storage is read after hydration: the build's HTML has the connect button, and so does the first render.
  const [reconnecting] = useState(wantsWalletAtOnce)
  // Reconnecting until the kit says otherwise: a wallet disconnected since gets the connect button.
  const loading = useBrowserValue(reconnecting && shown === undefined, false)
  return (
    <div className={styles.slot}>
      {/* RainbowKit scopes its styles and theme to `[data-rk]`; its button arrives here through a portal,
          outside the provider's own `[data-rk]` element. */}
      <div ref={setSlot} className={styles.target} data-rk="" />
      {shown !== true &&
        (loading ? (
          <span className={`${styles.placeholder} ${styles.pending}`} aria-busy="true">
            <span className={styles.hidden}>Loading your wallet…</span>
          </span>
        ) : (
          <ConnectPlaceholder />
        ))}
    </div>
  )
}

/**
 * The shell's connect button. The kit starts loading as a pointer comes over it, and may replace it in the middle
 * of the press that follows: the press then ends on RainbowKit's button, and its click goes to neither (a click
 * fires where the press both began and ended). A press begun here and not let go elsewhere counts as made here.
 * Seen in a CI run: the click took 70 ms between its pointer events, the kit's button came, and no modal opened.
 */
function ConnectPlaceholder() {
  const pressing = useRef(false)
  // Pressed with the kit already there (warmed up): the button shows it is working in the next frame, and RainbowKit's
  // modal, which takes a while to render at a slow CPU, opens in a task after that frame.
  const [busy, setBusy] = useState(false)
  useEffect(
    () => () => {
      if (pressing.current) requestConnect()
    },
    [],
  )
  return (
    <button
      type="button"
      className={styles.placeholder}
      data-testid="rk-connect-button"
      {...earlyPress('connect')}
      // Intent: a pointer coming over the button, focus, a touch starting on it.
      onPointerEnter={() => void loadWalletKit()}
      onFocus={() => void loadWalletKit()}
      onPointerDown={() => {
        pressing.current = true
        void loadWalletKit()
      }}
      onPointerLeave={() => {
        pressing.current = false
      }}
      onPointerCancel={() => {
        pressing.current = false
      }}
      data-busy={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => {
        pressing.current = false
        if (!connectModalReady()) return requestConnect()
        setBusy(true)
        requestAnimationFrame(() =>
          setTimeout(() => {
            if (!openConnectModalIfReady()) requestConnect()
            setBusy(false)
          }),
        )
      }}
    >
      Connect Wallet
    </button>
  )
}
