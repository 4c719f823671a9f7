// A chain shaped like Sepolia for the rehearsal: its chain id, blocks every 12 seconds (fewer by option, for tests),
// Multicall3 at its canonical address as on every public chain, and no accounts the node signs for: only keys sign,
// as on a real network. What it starts with is its genesis, as a real chain's is; nothing asks the node for anvil's
// own calls afterwards.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MULTICALL3_ADDRESS } from '@chainellation/contracts'
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import { multicall3RuntimeCode } from '@chainellation/contracts/deploy'
import { type Address, createPublicClient, http, parseEther, toHex } from 'viem'
import { sepolia } from 'viem/chains'

/** Sepolia's block time. */
export const SEPOLIA_BLOCK_SECONDS = 12

/** What every funded account starts with. */
export const GENESIS_BALANCE = parseEther('100')

export type SepoliaLikeOptions = {
  /** Folder the genesis file is written to. */
  dir: string
  port?: number
  blockSeconds?: number
  /** Accounts given {@link GENESIS_BALANCE} at genesis: the deployer's, players' for a test. */
  funded: Address[]
  log?: NodeJS.WritableStream
}

/** The genesis of a chain with Sepolia's id and forks, funding `funded` and holding Multicall3's `multicall3` code. */
export function sepoliaGenesis(funded: Address[], multicall3: `0x${string}`) {
  const alloc: Record<string, { balance: string; code?: string }> = {
    [MULTICALL3_ADDRESS]: { balance: '0x0', code: multicall3 },
  }
  for (const account of funded) alloc[account] = { balance: toHex(GENESIS_BALANCE) }
  const forks = Object.fromEntries(
    [
      'homestead',
      'eip150',
      'eip155',
      'eip158',
      'byzantium',
      'constantinople',
      'petersburg',
      'istanbul',
      'berlin',
      'london',
    ].map((fork) => [`${fork}Block`, 0]),
  )
  return {
    config: { chainId: sepolia.id, ...forks, shanghaiTime: 0, cancunTime: 0, pragueTime: 0 },
    // Sepolia's block gas limit, and a base fee of 1 gwei to start from.
    gasLimit: toHex(60_000_000),
    baseFeePerGas: toHex(1_000_000_000),
    difficulty: '0x0',
    timestamp: toHex(Math.floor(Date.now() / 1000)),
    alloc,
  }
}

/** Starts the chain; resolves once it answers with Sepolia's chain id. */
export async function startSepoliaLikeChain(options: SepoliaLikeOptions): Promise<Anvil> {
  // Multicall3's runtime code comes from running its creation code on a short-lived node.
  const scratch = await startAnvil({})
  let multicall3: `0x${string}`
  try {
    multicall3 = await multicall3RuntimeCode(createPublicClient({ transport: http(scratch.rpcUrl) }))
  } finally {
    await scratch.stop()
  }
  const genesis = join(options.dir, 'genesis.json')
  writeFileSync(genesis, JSON.stringify(sepoliaGenesis(options.funded, multicall3), null, 2))
  const chain = await startAnvil({
    port: options.port,
    genesis,
    blockTime: options.blockSeconds ?? SEPOLIA_BLOCK_SECONDS,
    accounts: 0,
    log: options.log,
  })
  const chainId = await createPublicClient({ transport: http(chain.rpcUrl) }).getChainId()
  if (chainId !== sepolia.id) {
    await chain.stop()
    throw new Error(`the chain answered chain id ${chainId}, not Sepolia's ${sepolia.id}`)
  }
  return chain
}
