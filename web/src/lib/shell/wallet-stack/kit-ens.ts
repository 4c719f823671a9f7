/**
 * What RainbowKit imports from `viem/ens` in the build (vite-plugins/lean-kit.ts). Its one use normalizes a mainnet
 * ENS name for the avatar lookup, inside a `try` that takes a throw as no name, and only while Ethereum mainnet is
 * among wagmi's chains, which it never is here (`chains.test.ts`).
 */
export function normalize(name: string): string {
  throw new Error(`ENS names are not normalized in this app, whose chains have no ENS avatars to look up: ${name}`)
}
