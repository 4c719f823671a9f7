import { chainellationAbi, chainellationForwarderAbi } from '@chainellation/contracts'
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import { deployAll } from '@chainellation/contracts/deploy'
import { anvilAccount } from '@chainellation/contracts/safe'
import { type Address, createPublicClient, encodeFunctionData, http } from 'viem'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTwoProcessDatabases } from '../../test/postgres'
import { ROOMY_BUDGETS, signForwardRequest } from '../../test/relay'
import { rpcProxy } from '../../test/rpc-proxy'
import type { RelayPolicy } from './policy'
import { prepareRelay } from './prepare'
import { createRelaySender } from './sender'

/** Two API processes' databases on one cluster. */
const databases = useTwoProcessDatabases()
let chain: Anvil
let policy: RelayPolicy
const relayer = anvilAccount(5)
const NOW = new Date('2026-11-30T12:00:00Z')
const budgets = ROOMY_BUDGETS

beforeAll(async () => {
  chain = await startAnvil()
  const { contracts } = await deployAll({ rpcUrl: chain.rpcUrl, writeBindings: false })
  policy = {
    chainId: anvilChain.id,
    forwarder: contracts.Forwarder as Address,
    contracts: { Chainellation: contracts.Chainellation as Address, Decorations: contracts.Decorations as Address },
    gasCap: 300_000n,
    maxDeadlineSeconds: 3_600,
  }
})
afterAll(async () => {
  await chain?.stop()
})

describe('the relayer’s sender on Postgres, from two API processes', () => {
  it('never gives two transactions one nonce, though the node is slow to take each', async () => {
    const node = await rpcProxy(chain.rpcUrl, { delayMs: 150 })
    const client = createPublicClient({ chain: anvilChain, transport: http(node.url) })
    const before = await client.getTransactionCount({ address: relayer.address })
    const data = encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] })
    const sent = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const { db } = i % 2 ? databases.first : databases.second
        const { player, request } = await signForwardRequest(client, {
          chainId: policy.chainId,
          forwarder: policy.forwarder,
          to: policy.contracts.Chainellation,
          data,
          nonce: 0n,
        })
        const prepared = await prepareRelay(
          { client, policy, relayer: relayer.address, minBalanceWei: 10n ** 17n },
          request,
        )
        if ('code' in prepared) throw new Error(prepared.message)
        const sender = createRelaySender({
          db,
          client,
          account: relayer,
          chainId: policy.chainId,
          forwarder: policy.forwarder,
          budgets,
          now: () => NOW,
        })
        const sent = await sender.send(request, prepared, { player: player.address, client: `client-${i}` }, 'new')
        if ('code' in sent) throw new Error(sent.message)
        return { player, sent }
      }),
    )
    await node.close()
    const receipts = await Promise.all(
      sent.map(({ sent }) =>
        createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) }).waitForTransactionReceipt({
          hash: sent.hash,
        }),
      ),
    )
    expect(receipts.every((receipt) => receipt.status === 'success')).toBe(true)
    const direct = createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) })
    expect(await direct.getTransactionCount({ address: relayer.address })).toBe(before + 6)
    for (const { player } of sent)
      expect(
        await direct.readContract({
          address: policy.forwarder,
          abi: chainellationForwarderAbi,
          functionName: 'nonces',
          args: [player.address],
        }),
      ).toBe(1n)
  })
})
