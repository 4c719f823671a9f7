// What the page has of the wallet libraries (the wallet stack and its kit, see load.ts), in one object that the
// loader's parts share: what has been fetched, whether the kit's button shows, a press on connect waiting for the
// kit, and the warm-up under way.

export type WalletStackModule = typeof import('../wallet-stack/wallet-stack')
export type WalletKitModule = typeof import('../wallet-stack/wallet-kit')

/** A module fetched at most once: its import once asked for, and the module once it is there. */
type Fetched<T> = { loading?: Promise<T>; loaded?: T }

type PageState = {
  stack: Fetched<WalletStackModule>
  kit: Fetched<WalletKitModule>
  /** Whether the kit's own button is in the header: undefined until the kit says (see `setKitButtonShown`). */
  kitButtonShown: boolean | undefined
  /** The player pressed connect before the kit was there (see `requestConnect`). */
  connectRequested: boolean
  /** Such a press came on this page: the connect modal lays out RainbowKit's fonts itself (see `fetchWalletKit`). */
  connectPressedEarly: boolean
  /** The warm-up begun on this page, if any: one begun on a page since made fresh finds another here, and stops. */
  warmUp: symbol | undefined
}

export type LoaderState = PageState & {
  /** Told of each module's arrival and each change of `kitButtonShown`. */
  readonly listeners: Set<() => void>
  /** Told of each press on connect (the kit, once it is there). */
  readonly connectListeners: Set<() => void>
}

/** What a page has before any of it is fetched. */
export const freshPage = (): PageState => ({
  stack: {},
  kit: {},
  kitButtonShown: undefined,
  connectRequested: false,
  connectPressedEarly: false,
  warmUp: undefined,
})

/** The page's one loader state. */
export const loader: LoaderState = { ...freshPage(), listeners: new Set(), connectListeners: new Set() }

/** Tells the listeners (the hooks of load.ts) that something they show has changed. */
export const notify = () => {
  for (const listener of loader.listeners) listener()
}
