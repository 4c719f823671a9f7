import {
  type Address,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  http,
  isAddressEqual,
  keccak256,
  publicActions,
  walletActions,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { forwarderDomain, forwardRequestTypes } from '../src/forwarder.ts'
import {
  chainellationAbi,
  chainellationForwarderAbi,
  decorationsAbi,
  decorationTokenAbi,
} from '../src/generated/abis.ts'
import { ANVIL_MNEMONIC, deployAll } from './deploy.ts'

/** Gas per game action, measured from receipts (tokenURI: the eth_call's gas estimate). */
export type GasReport = {
  mint: number
  mintCustom: number
  starGaze: number
  gazeBatch5: number
  setDecorations3: number
  tokenURIMax: number
  /** The same actions relayed through the ERC-2771 forwarder: the gas its relayer pays (the whole `execute`). */
  mintForwarded: number
  starGazeForwarded: number
  setDecorations3Forwarded: number
}

/** What each action may spend. */
export const gasBudgets: GasReport = {
  mint: 65_000,
  mintCustom: 70_000,
  starGaze: 31_000,
  gazeBatch5: 70_000,
  setDecorations3: 90_000,
  tokenURIMax: 1_500_000,
  // What the relayer pays: the call, and what the forwarder adds to it (the request's calldata, the signature's
  // recovery, the trust check, the signer's nonce: a fresh storage slot on a player's first request, the mint here).
  mintForwarded: 120_000,
  starGazeForwarded: 55_000,
  setDecorations3Forwarded: 115_000,
}

/** What the game this one descends from spent on the same actions. */
export const ancestorGas = {
  mint: '101,536',
  mintCustom: '94,251-105,029',
  starGaze: '35,481',
  gazeBatch5: '77,318',
  setDecorations3: '157,454-192,181',
  tokenURIMax: '3,521,282',
  mintForwarded: '–',
  starGazeForwarded: '–',
  setDecorations3Forwarded: '–',
} as const

const SCORPIUS = 7
const TZ = 3600

/** Stars in a sky's field, as the renderer counts them (60-99, from the id). */
const fieldStars = (skyId: bigint) =>
  60n +
  (BigInt(keccak256(encodeAbiParameters([{ type: 'string' }, { type: 'uint256' }], ['chainellation', skyId]))) % 40n)

/** Deploys the game on a fresh anvil at `rpcUrl` and measures every budgeted action. */
export async function measureGas(rpcUrl: string): Promise<GasReport> {
  const { contracts } = await deployAll({ rpcUrl, writeBindings: false })
  const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 1 })
  const client = createTestClient({ mode: 'anvil', chain: foundry, transport: http(rpcUrl), account })
    .extend(publicActions)
    .extend(walletActions)
  const sky = contracts.Chainellation as Address
  const gasOf = async (hash: `0x${string}`) => {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error('transaction reverted')
    return Number(receipt.gasUsed)
  }
  const mint = () => client.writeContract({ address: sky, abi: chainellationAbi, functionName: 'mint', args: [TZ] })
  /** Moves the chain to the next 22:00 in the sky's time zone, at least `after` seconds on. */
  const toNight = async (after = 0) => {
    const now = Number((await client.getBlock()).timestamp) + after
    const local = (now + TZ) % 86_400
    await client.setNextBlockTimestamp({ timestamp: BigInt(now + ((22 * 3600 - local + 86_400) % 86_400)) })
    await client.mine({ blocks: 1 })
  }

  // The most expensive sky to draw: the most field stars, the largest constellation, all clouds.
  let maxId = 1n
  for (let id = 2n; id <= 120n; id++) if (fieldStars(id) > fieldStars(maxId)) maxId = id
  for (let id = 1n; id < maxId; id++) await gasOf(await mint())
  await gasOf(
    await client.writeContract({
      address: sky,
      abi: chainellationAbi,
      functionName: 'mintCustom',
      args: [TZ, 10, 250, SCORPIUS, 4],
    }),
  )

  const report = {} as GasReport
  report.mint = await gasOf(await mint())
  report.mintCustom = await gasOf(
    await client.writeContract({
      address: sky,
      abi: chainellationAbi,
      functionName: 'mintCustom',
      args: [TZ, 200, 20, 3, 2],
    }),
  )

  await toNight()
  for (let gaze = 1; gaze <= 14; gaze++) {
    const gas = await gasOf(
      await client.writeContract({ address: sky, abi: chainellationAbi, functionName: 'starGaze', args: [maxId] }),
    )
    if (gaze === 2) report.starGaze = gas
    await toNight(14 * 3600)
  }
  report.gazeBatch5 = await gasOf(
    await client.writeContract({
      address: sky,
      abi: chainellationAbi,
      functionName: 'starGazeMany',
      args: [[1n, 2n, 3n, 4n, 5n, 6n].filter((id) => id !== maxId).slice(0, 5)],
    }),
  )

  const tokens = [contracts.Lighthouse, contracts.Comet, contracts.Campfire] as Address[]
  for (const token of tokens) {
    await gasOf(await client.writeContract({ address: token, abi: decorationTokenAbi, functionName: 'mint' }))
  }
  const all = await client.readContract({
    address: contracts.Decorations as Address,
    abi: decorationsAbi,
    functionName: 'allDecorations',
  })
  const choices = tokens.map((token) => {
    const info = all.find((d) => isAddressEqual(d.decoration, token))
    if (!info) throw new Error(`decoration ${token} is not registered`)
    return { layer: info.layer, decorationId: Number(info.id), tokenId: 1n }
  })
  report.setDecorations3 = await gasOf(
    await client.writeContract({
      address: contracts.Decorations as Address,
      abi: decorationsAbi,
      functionName: 'setLayers',
      args: [maxId, choices],
    }),
  )
  report.tokenURIMax = Number(
    await client.estimateGas({
      to: sky,
      data: encodeFunctionData({ abi: chainellationAbi, functionName: 'tokenURI', args: [maxId] }),
    }),
  )

  // The same actions signed by a second player and relayed through the forwarder by the first, who pays: a new
  // player's first request (a mint), then a later night's second gaze and three layers, as the direct figures.
  const player = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 2 })
  const forwarder = contracts.Forwarder as Address
  const relayed = async (to: Address, data: Hex) => {
    const nonce = await client.readContract({
      address: forwarder,
      abi: chainellationForwarderAbi,
      functionName: 'nonces',
      args: [player.address],
    })
    const deadline = Number((await client.getBlock()).timestamp) + 3_600
    const request = { from: player.address, to, value: 0n, gas: 500_000n, deadline, data }
    const signature = await player.signTypedData({
      domain: forwarderDomain(foundry.id, forwarder),
      types: forwardRequestTypes,
      primaryType: 'ForwardRequest',
      message: { ...request, nonce },
    })
    return gasOf(
      await client.writeContract({
        address: forwarder,
        abi: chainellationForwarderAbi,
        functionName: 'execute',
        args: [{ ...request, signature }],
      }),
    )
  }
  report.mintForwarded = await relayed(
    sky,
    encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [TZ] }),
  )
  const [[playerSky]] = await client.readContract({
    address: sky,
    abi: chainellationAbi,
    functionName: 'skiesOf',
    args: [player.address],
  })
  if (playerSky === undefined) throw new Error('the forwarded mint minted no sky for its signer')
  const gaze = encodeFunctionData({ abi: chainellationAbi, functionName: 'starGaze', args: [playerSky] })
  await toNight(14 * 3600)
  await relayed(sky, gaze)
  await toNight(14 * 3600)
  report.starGazeForwarded = await relayed(sky, gaze)
  const playerClient = createWalletClient({ account: player, chain: foundry, transport: http(rpcUrl) })
  for (const token of tokens) {
    await gasOf(await playerClient.writeContract({ address: token, abi: decorationTokenAbi, functionName: 'mint' }))
  }
  report.setDecorations3Forwarded = await relayed(
    contracts.Decorations as Address,
    encodeFunctionData({
      abi: decorationsAbi,
      functionName: 'setLayers',
      args: [playerSky, choices.map((choice) => ({ ...choice, tokenId: 2n }))],
    }),
  )
  return report
}

/** The report as a table beside the budgets and the ancestor's figures. */
export function formatGasReport(report: GasReport): string {
  const rows = (Object.keys(gasBudgets) as (keyof GasReport)[]).map((key) => {
    const ok = report[key] <= gasBudgets[key] ? 'ok' : 'OVER'
    return `${key.padEnd(24)} ${report[key].toLocaleString('en-US').padStart(10)}  ${gasBudgets[key].toLocaleString('en-US').padStart(10)}  ${ancestorGas[key].padStart(16)}  ${ok}`
  })
  return [
    `${'action'.padEnd(24)} ${'gas'.padStart(10)}  ${'budget'.padStart(10)}  ${'ancestor'.padStart(16)}`,
    ...rows,
  ].join('\n')
}
