import { Islands } from '../island-host'

/** What the doubles below saw: whether the loader prepared the stack it loaded, before rendering it. */
export const stackDouble = { prepared: false }

function WalletStack() {
  return (
    <div data-testid="wallet-stack">
      <Islands />
    </div>
  )
}

/**
 * For component tests, the wallet stack's module (`vi.mock('./wallet-stack/wallet-stack', …)`): no providers, only the
 * pages' islands, drawn as the real stack draws them.
 */
export const stackModule = {
  prepareWalletStack: () => {
    stackDouble.prepared = true
  },
  WalletStack,
}

/** The kit's module: nothing drawn, no fonts to look up. */
export const kitModule = { WalletKit: () => null, kitFontSteps: () => [] }
