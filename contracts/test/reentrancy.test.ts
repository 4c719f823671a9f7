// A hostile recipient (solidity/test/ReentrantReceiver.sol) calls back into the game while it takes a
// withdrawal or a sky: every payable or state-changing entry point it can reach, once more withdraw above all.
// The chain must end up exactly where honest calls would have left it: no ETH made or lost, one Withdrawn.

import {
  type Abi,
  type Address,
  type ContractFunctionName,
  decodeErrorResult,
  encodeFunctionData,
  getContract,
  type Hex,
  parseEventLogs,
  zeroAddress,
} from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { compile } from '../scripts/compile.ts'
import { chainellationAbi, decorationsAbi, decorationTokenAbi } from '../src/index.ts'
import { clock, expectRevert, HOUR, type Player, skyIdFrom, useFixture } from './fixture.ts'

const f = useFixture()

const gwei = 1_000_000_000n
const BASE = 10n * gwei
const CUSTOM = gwei
const DECORATION = 3n * gwei

/** Every custom error the game's contracts declare, to name the outcome of a call back. */
const gameErrors = [...chainellationAbi, ...decorationsAbi, ...decorationTokenAbi].filter(
  (item) => item.type === 'error',
)

type Call = { target: Address; value: bigint; data: Hex }
type Outcome = { depth: bigint; ok: boolean; data: Hex }
/** A call back's outcome as the tests compare it: `ok`, or the error's name and arguments. */
type Seen = 'ok' | { error: string; args?: readonly unknown[] }

function describeOutcome(outcome: Outcome): Seen {
  if (outcome.ok) return 'ok'
  try {
    const { errorName, args } = decodeErrorResult({ abi: gameErrors, data: outcome.data })
    return { error: errorName, args: args ?? [] }
  } catch {
    return { error: `undecoded ${outcome.data}` }
  }
}

let receiverAbi: Abi

beforeAll(async () => {
  const artifact = (await compile()).ReentrantReceiver
  if (!artifact) throw new Error('ReentrantReceiver was not compiled')
  receiverAbi = [...artifact.abi, ...gameErrors]
})

/** Deploys a hostile recipient controlled by the collection's owner account. */
async function hostileReceiver() {
  const address = await f.deploy('ReentrantReceiver', [])
  const contract = getContract({ address, abi: receiverAbi, client: f.owner.client })
  return {
    address,
    /** Calls to make back into the game on every callback; `refuse` turns a refused call into a refusal. */
    arm: (calls: Call[], refuse = false) => f.tx(contract.write.setCalls([calls, refuse])),
    /** Sends `data` to `target` as the receiver. */
    execute: (target: Address, data: Hex, value = 0n) => f.tx(contract.write.execute([target, value, data], { value })),
    simulateExecute: (target: Address, data: Hex) => contract.simulate.execute([target, 0n, data]),
    /** The outcome of every call back since `arm`, in order. */
    seen: async () => ((await contract.read.outcomes()) as Outcome[]).map(describeOutcome),
    depths: async () => ((await contract.read.outcomes()) as Outcome[]).map((o) => Number(o.depth)),
    callbacks: async () => (await contract.read.callbacks()) as bigint,
    contract,
  }
}

const sky = (
  functionName: ContractFunctionName<typeof chainellationAbi, 'nonpayable' | 'payable'>,
  args: readonly unknown[],
  value = 0n,
): Call => ({
  target: f.addresses.Chainellation,
  value,
  data: encodeFunctionData({ abi: chainellationAbi, functionName, args } as never),
})
const lighthouse = (
  functionName: ContractFunctionName<typeof decorationTokenAbi, 'nonpayable' | 'payable'>,
  args: readonly unknown[],
  value = 0n,
): Call => ({
  target: f.addresses.Lighthouse,
  value,
  data: encodeFunctionData({ abi: decorationTokenAbi, functionName, args } as never),
})
const decorations = (
  functionName: ContractFunctionName<typeof decorationsAbi, 'nonpayable' | 'payable'>,
  args: readonly unknown[],
): Call => ({
  target: f.addresses.Decorations,
  value: 0n,
  data: encodeFunctionData({ abi: decorationsAbi, functionName, args } as never),
})

const balance = (address: Address) => f.client.getBalance({ address })

const withdrawnEvents = (abi: typeof chainellationAbi | typeof decorationTokenAbi, logs: { topics: Hex[] }[]) =>
  parseEventLogs({ abi, logs: logs as never, eventName: 'Withdrawn' }).map((e) => e.args)

/** Prices on, and Alice and Bob each buy a sky: the collection holds BASE + (BASE + 4 CUSTOM). */
async function fundCollection() {
  await f.tx(f.owner.sky.write.setPrices([BASE, CUSTOM]))
  await f.tx(f.owner.lighthouse.write.setPrice([DECORATION]))
  const aliceSky = await f.mint(f.alice, HOUR, BASE)
  const bobSky = skyIdFrom(await f.tx(f.bob.sky.write.mintCustom([HOUR, 1, 2, 3, 4], { value: BASE + 4n * CUSTOM })))
  return { aliceSky, bobSky }
}

const unauthorized = (account: Address): Seen => ({ error: 'OwnableUnauthorizedAccount', args: [account] })

describe('a hostile recipient of the sky collection’s withdraw', () => {
  it('calling back into every entry point, takes exactly the balance once; the rest is an ordinary caller', async () => {
    const { aliceSky } = await fundCollection()
    const receiver = await hostileReceiver()
    // The receiver holds a sky of its own, so that its gazes and decorations are allowed ones.
    const ownSky = skyIdFrom(await receiver.execute(f.addresses.Chainellation, sky('mint', [HOUR]).data, BASE))
    await f.toLocalTime(HOUR, clock(22))
    await receiver.arm([
      sky('withdraw', [receiver.address]),
      sky('withdraw', [f.alice.address]),
      sky('mint', [HOUR], BASE),
      sky('mintCustom', [HOUR, 10, 20, 3, 4], BASE + 4n * CUSTOM),
      sky('starGaze', [ownSky]),
      sky('starGazeMany', [[ownSky]]),
      sky('transferFrom', [f.alice.address, receiver.address, aliceSky]),
      sky('approve', [receiver.address, aliceSky]),
      sky('setApprovalForAll', [f.bob.address, true]),
      sky('setPrices', [0n, 0n]),
      sky('setMaxSupply', [1n]),
      sky('setRenderer', [receiver.address]),
      sky('setDecorations', [zeroAddress]),
      sky('transferOwnership', [receiver.address]),
      sky('renounceOwnership', []),
      decorations('setLayers', [ownSky, [{ layer: 2, decorationId: 2, tokenId: 0n }]]),
      decorations('register', [receiver.address, 1, true]),
      lighthouse('mint', [], DECORATION),
      lighthouse('withdraw', [receiver.address]),
    ])

    const held = await balance(f.addresses.Chainellation)
    expect(held).toBe(3n * BASE + 4n * CUSTOM)
    const [receiverBefore, aliceBefore] = [await balance(receiver.address), await balance(f.alice.address)]
    const receipt = await f.tx(f.owner.sky.write.withdraw([receiver.address]))

    expect(withdrawnEvents(chainellationAbi, receipt.logs)).toEqual([{ to: receiver.address, amount: held }])
    const { address } = receiver
    expect(await receiver.seen()).toEqual([
      unauthorized(address),
      unauthorized(address),
      'ok',
      'ok',
      'ok',
      { error: 'ChainellationGazeTooSoon', args: [ownSky, BigInt((await f.now()) + 14 * HOUR)] },
      { error: 'NotOwnerNorApproved', args: [] },
      { error: 'NotOwnerNorApproved', args: [] },
      'ok',
      unauthorized(address),
      unauthorized(address),
      unauthorized(address),
      unauthorized(address),
      unauthorized(address),
      unauthorized(address),
      'ok',
      unauthorized(address),
      'ok',
      unauthorized(address),
    ])
    // Nothing nested: no call back took the receiver's turn to receive again.
    expect(await receiver.callbacks()).toBe(1n)

    // ETH only moved where the calls said: the receiver got the balance once and paid for what it bought.
    const spent = BASE + (BASE + 4n * CUSTOM) + DECORATION
    expect(await balance(receiver.address)).toBe(receiverBefore + held - spent)
    expect(await balance(f.addresses.Chainellation)).toBe(2n * BASE + 4n * CUSTOM)
    expect(await balance(f.addresses.Lighthouse)).toBe(DECORATION)
    expect(await balance(f.alice.address)).toBe(aliceBefore)
    // The owner's settings stand; the skies bought during the call back are the receiver's, numbered on.
    expect(await f.alice.sky.read.owner()).toBe(f.owner.address)
    expect([await f.alice.sky.read.basePrice(), await f.alice.sky.read.maxSupply()]).toEqual([BASE, 15_000n])
    expect(await f.alice.sky.read.renderer()).toBe(f.addresses.SkyRenderer)
    expect(await f.alice.sky.read.ownerOf([aliceSky])).toBe(f.alice.address)
    expect((await f.alice.sky.read.skiesOf([receiver.address]))[0]).toEqual([5n, 4n, ownSky])
    expect((await f.alice.sky.read.skyOf([ownSky])).gazes).toBe(1)
    expect(await f.alice.lighthouse.read.ownerOf([1n])).toBe(receiver.address)
  })

  it('owning the collection, cannot withdraw again from inside its withdrawal', async () => {
    await fundCollection()
    const receiver = await hostileReceiver()
    await f.tx(f.owner.sky.write.transferOwnership([receiver.address]))
    await receiver.arm([
      sky('withdraw', [receiver.address]),
      sky('withdraw', [f.alice.address]),
      sky('mint', [HOUR], BASE),
      sky('setPrices', [BASE, 2n * CUSTOM]),
    ])
    const held = await balance(f.addresses.Chainellation)
    const [receiverBefore, aliceBefore] = [await balance(receiver.address), await balance(f.alice.address)]

    const receipt = await receiver.execute(f.addresses.Chainellation, sky('withdraw', [receiver.address]).data)

    expect(withdrawnEvents(chainellationAbi, receipt.logs)).toEqual([{ to: receiver.address, amount: held }])
    const guard: Seen = { error: 'ReentrancyGuardReentrantCall', args: [] }
    // An owner's own settings and a paid mint are ordinary calls, even from inside.
    expect(await receiver.seen()).toEqual([guard, guard, 'ok', 'ok'])
    expect(await receiver.depths()).toEqual([1, 1, 1, 1])
    expect(await receiver.callbacks()).toBe(1n)
    expect(await balance(receiver.address)).toBe(receiverBefore + held - BASE)
    expect(await balance(f.addresses.Chainellation)).toBe(BASE)
    expect(await balance(f.alice.address)).toBe(aliceBefore)
    expect(await f.alice.sky.read.customizationPrice()).toBe(2n * CUSTOM)
  })

  it('refusing the balance when its call back is refused, makes the withdraw revert and loses nothing', async () => {
    await fundCollection()
    const receiver = await hostileReceiver()
    await f.tx(f.owner.sky.write.transferOwnership([receiver.address]))
    await receiver.arm([sky('withdraw', [receiver.address])], true)
    const held = await balance(f.addresses.Chainellation)
    const withdraw = sky('withdraw', [receiver.address]).data

    await expectRevert(receiver.simulateExecute(f.addresses.Chainellation, withdraw), 'ChainellationWithdrawFailed', [
      receiver.address,
      held,
    ])
    const hash = await receiver.contract.write.execute([f.addresses.Chainellation, 0n, withdraw], { gas: 1_000_000n })
    const receipt = await f.client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('reverted')
    expect(receipt.logs).toEqual([])
    expect(await balance(f.addresses.Chainellation)).toBe(held)
  })

  it('taking a sky by safe transfer, may pass it on from inside; every list follows', async () => {
    const { aliceSky } = await fundCollection()
    const receiver = await hostileReceiver()
    await f.toLocalTime(HOUR, clock(22))
    await receiver.arm([
      sky('starGaze', [aliceSky]),
      sky('transferFrom', [receiver.address, f.bob.address, aliceSky]),
      sky('starGaze', [aliceSky]),
      sky('withdraw', [receiver.address]),
    ])
    const receipt = await f.tx(f.alice.sky.write.safeTransferFrom([f.alice.address, receiver.address, aliceSky]))
    const transfers = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'Transfer' })
    expect(transfers.map((t) => [t.args.from, t.args.to])).toEqual([
      [f.alice.address, receiver.address],
      [receiver.address, f.bob.address],
    ])
    expect(await receiver.seen()).toEqual([
      'ok',
      'ok',
      { error: 'ChainellationNotSkyOwner', args: [aliceSky, receiver.address] },
      unauthorized(receiver.address),
    ])
    expect(await f.alice.sky.read.ownerOf([aliceSky])).toBe(f.bob.address)
    expect((await f.alice.sky.read.skyOf([aliceSky])).gazes).toBe(1)
    const idsOf = async (who: Player | Address) =>
      (await f.alice.sky.read.skiesOf([typeof who === 'string' ? who : who.address]))[0]
    expect(await idsOf(f.alice)).toEqual([])
    expect(await idsOf(receiver.address)).toEqual([])
    expect(await idsOf(f.bob)).toEqual([aliceSky + 1n, aliceSky])
  })
})

describe('a hostile recipient of a decoration token’s withdraw', () => {
  it('calling back, takes exactly the balance once and pays for what it mints', async () => {
    await fundCollection()
    await f.tx(f.alice.lighthouse.write.mint({ value: DECORATION }))
    await f.tx(f.bob.lighthouse.write.mint({ value: DECORATION }))
    const receiver = await hostileReceiver()
    await receiver.arm([
      lighthouse('withdraw', [receiver.address]),
      lighthouse('mint', [], DECORATION),
      lighthouse('setPrice', [0n]),
      lighthouse('transferFrom', [f.alice.address, receiver.address, 1n]),
      lighthouse('transferOwnership', [receiver.address]),
    ])
    const held = await balance(f.addresses.Lighthouse)
    expect(held).toBe(2n * DECORATION)
    const receiverBefore = await balance(receiver.address)
    const receipt = await f.tx(f.owner.lighthouse.write.withdraw([receiver.address]))
    expect(withdrawnEvents(decorationTokenAbi, receipt.logs)).toEqual([{ to: receiver.address, amount: held }])
    expect(await receiver.seen()).toEqual([
      unauthorized(receiver.address),
      'ok',
      unauthorized(receiver.address),
      { error: 'NotOwnerNorApproved', args: [] },
      unauthorized(receiver.address),
    ])
    expect(await balance(receiver.address)).toBe(receiverBefore + held - DECORATION)
    expect(await balance(f.addresses.Lighthouse)).toBe(DECORATION)
    expect(await f.alice.lighthouse.read.ownerOf([3n])).toBe(receiver.address)
    expect(await f.alice.lighthouse.read.price()).toBe(DECORATION)
  })

  it('owning the token, cannot withdraw again from inside; refusing makes the withdraw revert', async () => {
    await f.tx(f.owner.lighthouse.write.setPrice([DECORATION]))
    await f.tx(f.alice.lighthouse.write.mint({ value: DECORATION }))
    const receiver = await hostileReceiver()
    await f.tx(f.owner.lighthouse.write.transferOwnership([receiver.address]))
    const withdraw = lighthouse('withdraw', [receiver.address]).data

    await receiver.arm([lighthouse('withdraw', [receiver.address]), lighthouse('withdraw', [f.alice.address])], true)
    await expectRevert(receiver.simulateExecute(f.addresses.Lighthouse, withdraw), 'DecorationTokenWithdrawFailed', [
      receiver.address,
      DECORATION,
    ])

    await receiver.arm([lighthouse('withdraw', [receiver.address]), lighthouse('mint', [], DECORATION)])
    const receiverBefore = await balance(receiver.address)
    const receipt = await receiver.execute(f.addresses.Lighthouse, withdraw)
    expect(withdrawnEvents(decorationTokenAbi, receipt.logs)).toEqual([{ to: receiver.address, amount: DECORATION }])
    expect(await receiver.seen()).toEqual([{ error: 'ReentrancyGuardReentrantCall', args: [] }, 'ok'])
    expect(await balance(receiver.address)).toBe(receiverBefore)
    expect(await balance(f.addresses.Lighthouse)).toBe(DECORATION)
  })
})
