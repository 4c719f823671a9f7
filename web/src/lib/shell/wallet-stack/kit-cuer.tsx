import { type ComponentProps, lazy, Suspense } from 'react'

/**
 * What RainbowKit imports as `cuer` in the build (vite-plugins/lean-kit.ts): the same QR code, fetched when RainbowKit
 * first draws one (a wallet connected by scanning, as WalletConnect's) rather than with the kit on every visit. The
 * code draws nothing until then; RainbowKit's frame around it keeps its size.
 */
type RealCuer = typeof import('cuer').Cuer

let loading: Promise<RealCuer> | undefined
const load = () => {
  loading ??= import('cuer').then((module) => module.Cuer)
  return loading
}

const RealRoot = lazy(async () => ({ default: (await load()).Root }))
const Cells = lazy(async () => ({ default: (await load()).Cells }))
const Finder = lazy(async () => ({ default: (await load()).Finder }))
const RealArena = lazy(async () => ({ default: (await load()).Arena }))

function Root(props: ComponentProps<RealCuer['Root']>) {
  return (
    <Suspense fallback={null}>
      <RealRoot {...props} />
    </Suspense>
  )
}

function Arena(props: ComponentProps<RealCuer['Arena']>) {
  return <RealArena {...props} />
}
// Root finds an arena among its children by this name, to leave the middle of the code free for the wallet's logo.
Arena.displayName = 'Arena'

export const Cuer = { Root, Cells, Finder, Arena }
