// What RainbowKit imports as `wagmi` in the build (vite-plugins/lean-kit.ts): wagmi itself, but for the client its
// transaction store waits for receipts with, which is the bare client rather than the one extended with every public
// action of viem. `waitForTransactionReceipt` takes either.
export * from 'wagmi'
export { useClient as usePublicClient } from 'wagmi'
