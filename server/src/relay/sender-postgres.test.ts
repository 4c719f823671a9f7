import { chainellationAbi } from '@chainellation/contracts'
import { anvilAccount } from '@chainellation/contracts/safe'
import { encodeFunctionData } from 'viem'
import { describe, expect, it } from 'vitest'
import { useTwoProcessDatabases } from '../../test/postgres'
import { prepareAndSend, ROOMY_BUDGETS, useRelayChain } from '../../test/relay'
import { rpcProxy } from '../../test/rpc-proxy'
import { createRelaySender } from './sender'

/** Two API processes' databases on one cluster. */
const databases = useTwoProcessDatabases()
const chain = useRelayChain()
const relayer = anvilAccount(5)
const NOW = new Date('2026-11-30T12:00:00Z')

describe('the relayer’s sender on Postgres, from two API processes', () => {
  it('never gives two transactions one nonce, though the node is slow to take each', async () => {
    const node = await rpcProxy(chain.rpcUrl, { delayMs: 150 })
    const client = chain.client(node.url)
    const { policy } = chain
    const before = await client.getTransactionCount({ address: relayer.address })
    const data = encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] })
    const sent = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const { db } = i % 2 ? databases.first : databases.second
        const signed = await chain.sign(data, { nonce: 0n })
        const sender = createRelaySender({
          db,
          client,
          account: relayer,
          chainId: policy.chainId,
          forwarder: policy.forwarder,
          budgets: ROOMY_BUDGETS,
          now: () => NOW,
        })
        const prepare = { client, policy, relayer: relayer.address, minBalanceWei: 10n ** 17n }
        return { player: signed.player, sent: await prepareAndSend(sender, prepare, signed, `client-${i}`) }
      }),
    )
    await node.close()
    const direct = chain.client()
    const receipts = await Promise.all(sent.map(({ sent }) => direct.waitForTransactionReceipt({ hash: sent.hash })))
    expect(receipts.every((receipt) => receipt.status === 'success')).toBe(true)
    expect(await direct.getTransactionCount({ address: relayer.address })).toBe(before + 6)
    for (const { player } of sent) expect(await chain.forwarderNonce(player.address)).toBe(1n)
  })
})
