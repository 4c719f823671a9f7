// The rehearsal the production bench loads (prod-load.ts, one-api.ts): Sepolia's 12-second blocks, rate limits raised
// out of the way and a provider stand-in that injects no faults, so that every answer that is not 2xx is the API's own;
// and a sky minted, whose page the bench asks for (`/sky/1`).
import { chainellationAbi } from '@chainellation/contracts'
import { type Rehearsal, startRehearsal } from '@chainellation/scripts/rehearsal'
import { createPublicClient, createWalletClient, http, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { sepolia } from 'viem/chains'

const RAISED = '1000000'

/** Every limit the bench's requests would meet, raised past what it sends. */
export const RAISED_LIMITS: Record<string, string> = Object.fromEntries(
  [
    'NONCE_RATE_LIMIT',
    'VERIFY_RATE_LIMIT',
    'SESSION_RATE_LIMIT',
    'DRAFT_WRITE_RATE_LIMIT',
    'ACCOUNT_DRAFT_WRITE_RATE_LIMIT',
    'SKY_READ_RATE_LIMIT',
    'NAME_READ_RATE_LIMIT',
  ].map((name) => [name, RAISED]),
)

/**
 * Starts the rehearsal with the limits raised and mints its first sky; resolves with it and a client of its chain
 * through the provider. The rehearsal is stopped if the mint fails; otherwise stopping it is the caller's.
 */
export async function startLoadRehearsal(): Promise<{ rehearsal: Rehearsal; chain: PublicClient }> {
  const minter = privateKeyToAccount(generatePrivateKey())
  const rehearsal = await startRehearsal({
    funded: [minter.address],
    apiEnv: RAISED_LIMITS,
    providerLimits: { errorRate: 0, slowRate: 0, callsPerSecond: 1000 },
  })
  try {
    const providerUrl = rehearsal.provider.urlFor('bench')
    const chain = createPublicClient({ chain: sepolia, transport: http(providerUrl) })
    const wallet = createWalletClient({ account: minter, chain: sepolia, transport: http(providerUrl) })
    const { request } = await chain.simulateContract({
      account: minter,
      address: rehearsal.deployment.contracts.Chainellation as `0x${string}`,
      abi: chainellationAbi,
      functionName: 'mint',
      args: [3600],
    })
    await chain.waitForTransactionReceipt({ hash: await wallet.writeContract(request) })
    return { rehearsal, chain: chain as PublicClient }
  } catch (error) {
    await rehearsal.stop()
    throw error
  }
}
