/**
 * Multicall3's canonical address, the same on every chain that has it. viem batches reads through it; anvil has none,
 * so the local deployment installs it there (scripts/deploy.ts).
 */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const
