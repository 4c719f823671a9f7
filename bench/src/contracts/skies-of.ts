import { fileURLToPath } from 'node:url'
import { chainellationAbi } from '@chainellation/contracts'
import { startAnvil } from '@chainellation/contracts/anvil'
import { ANVIL_MNEMONIC, deployAll } from '@chainellation/contracts/deploy'
import { createTestClient, encodeFunctionData, http, publicActions, walletActions } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { writeReport } from '../reports'

export type SkiesOfFigures = { minted: number; held: number; listed: number; gas: number; mintSeconds: number }

/**
 * Mints `minted` skies, every (minted / held)-th by one wallet, then measures the gas of listing that
 * wallet's skies with `skiesOf` in one eth_call.
 */
export async function measureSkiesOf(rpcUrl: string, minted = 15_000, held = 100): Promise<SkiesOfFigures> {
  const { contracts } = await deployAll({ rpcUrl, writeBindings: false })
  const sky = contracts.Chainellation
  const filler = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 2 })
  const holder = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 3 })
  const client = createTestClient({ mode: 'anvil', chain: foundry, transport: http(rpcUrl) })
    .extend(publicActions)
    .extend(walletActions)
  const started = performance.now()
  // Queue a block's worth of signed mints at a time, then mine them together.
  await client.setAutomine(false)
  const data = encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] })
  const nonces = new Map([
    [filler.address, 0],
    [holder.address, 0],
  ])
  const every = Math.floor(minted / held)
  let queued: Promise<unknown>[] = []
  for (let i = 1; i <= minted; i++) {
    const account = i % every === 0 ? holder : filler
    const nonce = nonces.get(account.address) ?? 0
    nonces.set(account.address, nonce + 1)
    const serializedTransaction = await account.signTransaction({
      chainId: foundry.id,
      type: 'eip1559',
      to: sky,
      data,
      gas: 100_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1n,
      nonce,
    })
    queued.push(client.sendRawTransaction({ serializedTransaction }))
    if (queued.length === 400 || i === minted) {
      await Promise.all(queued)
      queued = []
      await client.mine({ blocks: 1 })
    }
  }
  await client.setAutomine(true)
  const mintSeconds = (performance.now() - started) / 1000
  const call = {
    to: sky,
    data: encodeFunctionData({ abi: chainellationAbi, functionName: 'skiesOf', args: [holder.address] }),
  }
  const [ids] = await client.readContract({
    address: sky,
    abi: chainellationAbi,
    functionName: 'skiesOf',
    args: [holder.address],
  })
  const gas = Number(await client.estimateGas(call))
  return {
    minted: Number(await client.readContract({ address: sky, abi: chainellationAbi, functionName: 'totalSupply' })),
    held,
    listed: ids.length,
    gas,
    mintSeconds,
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const anvil = await startAnvil()
  try {
    const f = await measureSkiesOf(anvil.rpcUrl)
    writeReport('skiesOf', f)
    process.stdout.write(
      `skiesOf: ${f.listed} of ${f.held} skies listed among ${f.minted.toLocaleString('en-US')} minted, ${f.gas.toLocaleString('en-US')} gas in one eth_call\n`,
    )
  } finally {
    await anvil.stop()
  }
}
