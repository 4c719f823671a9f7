import { chainellationAbi } from '@chainellation/contracts'
import { anvilAccount } from '@chainellation/contracts/safe'
import { LOCAL_PRICES, type Stack } from '@chainellation/scripts/stack'
import { createWalletClient, http, publicActions } from 'viem'

/** Mints sky #1, so that `/sky/1` is measured as a shared link shows it: a sky the chain draws. */
export async function mintFirstSky(stack: Stack) {
  const client = createWalletClient({ account: anvilAccount(1), transport: http(stack.rpcUrl) }).extend(publicActions)
  const hash = await client.writeContract({
    chain: null,
    address: stack.deployment.contracts.Chainellation as `0x${string}`,
    abi: chainellationAbi,
    functionName: 'mint',
    args: [0],
    value: LOCAL_PRICES.basePrice,
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`minting sky #1 reverted (${hash})`)
}
