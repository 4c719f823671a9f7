// What RainbowKit imports as `wagmi` in the build (vite-plugins/lean-kit.ts): wagmi itself, but for two things the
// kit would bring and never use.
export * from 'wagmi'
// The client its transaction store waits for receipts with: the bare client rather than the one extended with every
// public action of viem. `waitForTransactionReceipt` takes either.
export { useClient as usePublicClient } from 'wagmi'

/**
 * Its mainnet ENS name and avatar lookups: RainbowKit enables each only while Ethereum mainnet is among wagmi's
 * chains, which it never is here (`chains.test.ts`), so both are disabled queries, with no data. wagmi's hooks would
 * bring its ENS actions and their CCIP gateway (6 kB gzip) into the kit for it.
 */
export function useEnsName(_parameters: { query: { enabled: false } }): { data: undefined } {
  return { data: undefined }
}
export function useEnsAvatar(_parameters: { query: { enabled: false } }): { data: undefined } {
  return { data: undefined }
}
