// What RainbowKit's wallets import as `wagmi/connectors` in the build (vite-plugins/lean-kit.ts): wagmi's connectors,
// but for the mock connector, which its WalletConnect wallets create only where there is no `window` (rendering on a
// server) and this app never renders them there. wagmi's mock connector would otherwise come with the wallet stack.
export * from 'wagmi/connectors'

export function mock(): never {
  throw new Error('RainbowKit’s WalletConnect wallets are created in the browser here, never on a server')
}
