import { type Address, maxUint256, parseEventLogs, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { chainellationAbi, constellations, DEFAULT_HUE, MAX_SUPPLY_LIMIT } from '../../src/index.ts'
import { COOLDOWN, decodeTokenURI, expectRevert, gwei, MAX_TZ, MIN_TZ, useFixture } from '../fixture.ts'

const f = useFixture()

describe('collection', () => {
  it('is named chainellation with symbol STARS', async () => {
    expect(await f.alice.sky.read.name()).toBe('chainellation')
    expect(await f.alice.sky.read.symbol()).toBe('STARS')
  })

  it('publishes its constants and starts with the deployed configuration', async () => {
    const { sky } = f.alice
    expect(await sky.read.DEFAULT_HUE()).toBe(DEFAULT_HUE)
    expect(await sky.read.MIN_TZ_OFFSET()).toBe(MIN_TZ)
    expect(await sky.read.MAX_TZ_OFFSET()).toBe(MAX_TZ)
    expect(await sky.read.GAZE_COOLDOWN()).toBe(BigInt(COOLDOWN))
    expect(await sky.read.MAX_SUPPLY_LIMIT()).toBe(262_143n)
    expect(BigInt(MAX_SUPPLY_LIMIT)).toBe(262_143n)
    expect(await sky.read.maxSupply()).toBe(15_000n)
    expect(await sky.read.totalSupply()).toBe(0n)
    expect(await sky.read.basePrice()).toBe(0n)
    expect(await sky.read.customizationPrice()).toBe(0n)
    expect(await sky.read.owner()).toBe(f.owner.address)
    expect(await sky.read.renderer()).toBe(f.addresses.SkyRenderer)
    expect(await sky.read.decorations()).toBe(f.addresses.Decorations)
  })

  it('serves the constellation catalogue: at least 12, each with its name and star count', async () => {
    const count = await f.alice.sky.read.constellationCount()
    expect(count).toBe(BigInt(constellations.length))
    expect(count).toBeGreaterThanOrEqual(12n)
    for (const c of constellations) {
      expect(await f.alice.sky.read.constellationInfo([BigInt(c.id)])).toEqual([c.name, BigInt(c.stars.length)])
    }
  })

  it('refuses constellation ids outside the catalogue', async () => {
    const { sky } = f.alice
    await expectRevert(sky.read.constellationInfo([0n]), 'ChainellationInvalidConstellation', [0n])
    const next = BigInt(constellations.length + 1)
    await expectRevert(sky.read.constellationInfo([next]), 'ChainellationInvalidConstellation', [next])
  })

  it('is not deployed with a cap above 65,535 nor a renderer without code', async () => {
    const args = (renderer: Address, maxSupply: bigint) => [
      f.owner.address,
      renderer,
      maxSupply,
      0n,
      0n,
      f.deployment.contracts.Forwarder,
    ]
    const { SkyRenderer } = f.addresses
    await f.expectDeployRevert('Chainellation', args(SkyRenderer, 262_144n), 'ChainellationInvalidMaxSupply', [
      262_144n,
      0n,
    ])
    for (const renderer of [zeroAddress, f.bob.address]) {
      await f.expectDeployRevert('Chainellation', args(renderer, 10n), 'ChainellationNotAContract', [renderer])
    }
    await f.deploy('Chainellation', args(SkyRenderer, 262_143n))
  })
})

describe('owner', () => {
  it('only the owner may configure the collection or take its balance', async () => {
    const { sky, address } = f.alice
    const args = [address] as const
    await expectRevert(sky.simulate.setMaxSupply([10n]), 'OwnableUnauthorizedAccount', args)
    await expectRevert(sky.simulate.setPrices([1n, 1n]), 'OwnableUnauthorizedAccount', args)
    await expectRevert(sky.simulate.withdraw([address]), 'OwnableUnauthorizedAccount', args)
    await expectRevert(sky.simulate.setRenderer([address]), 'OwnableUnauthorizedAccount', args)
    await expectRevert(sky.simulate.setDecorations([address]), 'OwnableUnauthorizedAccount', args)
  })

  it('withdraw sends the whole balance and emits Withdrawn', async () => {
    await f.tx(f.owner.sky.write.setPrices([7n * gwei, gwei]))
    await f.mint(f.alice, 0, 7n * gwei)
    await f.tx(f.bob.sky.write.mintCustom([0, 1, 2, 0, 0], { value: 9n * gwei }))
    const before = await f.client.getBalance({ address: f.carol.address })
    const receipt = await f.tx(f.owner.sky.write.withdraw([f.carol.address]))
    const [event] = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'Withdrawn' })
    expect(event?.args).toEqual({ to: f.carol.address, amount: 16n * gwei })
    expect(await f.client.getBalance({ address: f.carol.address })).toBe(before + 16n * gwei)
    expect(await f.client.getBalance({ address: f.addresses.Chainellation })).toBe(0n)
  })

  it('withdraw reverts with ChainellationWithdrawFailed when the recipient refuses ETH', async () => {
    await f.tx(f.owner.sky.write.setPrices([gwei, 0n]))
    await f.mint(f.alice, 0, gwei)
    // The renderer has neither receive nor fallback, so it refuses ETH.
    const refuser = f.addresses.SkyRenderer
    await expectRevert(f.owner.sky.simulate.withdraw([refuser]), 'ChainellationWithdrawFailed', [refuser, gwei])
  })

  it('withdraw refuses the zero address and an empty balance, and loses nothing', async () => {
    const { sky } = f.owner
    await expectRevert(sky.simulate.withdraw([f.carol.address]), 'ChainellationNothingToWithdraw')
    await f.tx(f.owner.sky.write.setPrices([gwei, 0n]))
    await f.mint(f.alice, 0, gwei)
    await expectRevert(sky.simulate.withdraw([zeroAddress]), 'ChainellationInvalidRecipient', [zeroAddress])
    expect(await f.client.getBalance({ address: f.addresses.Chainellation })).toBe(gwei)
    await f.tx(sky.write.withdraw([f.carol.address]))
    await expectRevert(sky.simulate.withdraw([f.carol.address]), 'ChainellationNothingToWithdraw')
  })

  it('renounceOwnership is refused while the contract holds proceeds, which nobody could withdraw after it', async () => {
    const { sky } = f.owner
    await f.tx(sky.write.setPrices([gwei, 0n]))
    await f.mint(f.alice, 0, gwei)
    await expectRevert(f.alice.sky.simulate.renounceOwnership(), 'OwnableUnauthorizedAccount', [f.alice.address])
    await expectRevert(sky.simulate.renounceOwnership(), 'ChainellationProceedsHeld', [gwei])
    expect(await sky.read.owner()).toBe(f.owner.address)
    expect(await f.client.getBalance({ address: f.addresses.Chainellation })).toBe(gwei)
    // Withdrawn first, the owner may leave for good.
    await f.tx(sky.write.withdraw([f.carol.address]))
    await f.tx(sky.write.renounceOwnership())
    expect(await sky.read.owner()).toBe(zeroAddress)
    await expectRevert(sky.simulate.setPrices([1n, 1n]), 'OwnableUnauthorizedAccount', [f.owner.address])
  })

  it('setRenderer and setDecorations refuse an address without code', async () => {
    const { sky } = f.owner
    for (const account of [f.bob.address, zeroAddress]) {
      await expectRevert(sky.simulate.setRenderer([account]), 'ChainellationNotAContract', [account])
    }
    await expectRevert(sky.simulate.setDecorations([f.bob.address]), 'ChainellationNotAContract', [f.bob.address])
    expect(await sky.read.renderer()).toBe(f.addresses.SkyRenderer)
    expect(await sky.read.decorations()).toBe(f.addresses.Decorations)
  })

  it('setRenderer swaps the renderer and emits RendererUpdated', async () => {
    await f.mint(f.alice)
    const next = await f.deploy('SkyRenderer', [])
    const receipt = await f.tx(f.owner.sky.write.setRenderer([next]))
    const [event] = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'RendererUpdated' })
    expect(event?.args).toEqual({ renderer: next })
    expect(await f.alice.sky.read.renderer()).toBe(next)
    expect(decodeTokenURI(await f.alice.sky.read.tokenURI([1n])).json.name).toBe('chainellation #1')
  })

  it('setDecorations swaps the registry, emits DecorationsUpdated, and 0 renders without layers', async () => {
    const id = await f.mint(f.alice)
    await f.tx(f.alice.decorations.write.setLayers([id, [{ layer: 1, decorationId: 1, tokenId: 0n }]]))
    expect(decodeTokenURI(await f.alice.sky.read.tokenURI([id])).svg).toContain('<image ')
    const receipt = await f.tx(f.owner.sky.write.setDecorations([zeroAddress]))
    const [event] = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'DecorationsUpdated' })
    expect(event?.args).toEqual({ decorations: zeroAddress })
    expect(await f.alice.sky.read.decorations()).toBe(zeroAddress)
    expect(decodeTokenURI(await f.alice.sky.read.tokenURI([id])).svg).not.toContain('<image ')
  })
})

describe('ERC-721 refusals', () => {
  it('name a sky that does not exist, the zero address or a caller without the right', async () => {
    const id = await f.mint(f.alice)
    const { sky } = f.alice
    // One error for a missing sky, whichever function names it: the base's, as ERC-721 has ownerOf throw.
    for (const missing of [0n, 2n, maxUint256]) {
      await expectRevert(sky.read.tokenURI([missing]), 'TokenDoesNotExist')
      await expectRevert(sky.read.skyOf([missing]), 'TokenDoesNotExist')
      await expectRevert(sky.read.isNight([missing]), 'TokenDoesNotExist')
      await expectRevert(sky.simulate.starGaze([missing]), 'TokenDoesNotExist')
      await expectRevert(sky.read.ownerOf([missing]), 'TokenDoesNotExist')
      await expectRevert(sky.read.getApproved([missing]), 'TokenDoesNotExist')
      await expectRevert(sky.simulate.approve([f.bob.address, missing]), 'TokenDoesNotExist')
      await expectRevert(sky.simulate.transferFrom([f.alice.address, f.bob.address, missing]), 'TokenDoesNotExist')
    }
    await expectRevert(sky.read.balanceOf([zeroAddress]), 'BalanceQueryForZeroAddress')
    await expectRevert(sky.read.skiesOf([zeroAddress]), 'BalanceQueryForZeroAddress')
    await expectRevert(sky.simulate.transferFrom([f.alice.address, zeroAddress, id]), 'TransferToZeroAddress')
    await expectRevert(sky.simulate.transferFrom([f.bob.address, f.carol.address, id]), 'TransferFromIncorrectOwner')
    await expectRevert(f.bob.sky.simulate.transferFrom([f.alice.address, f.bob.address, id]), 'NotOwnerNorApproved')
    await expectRevert(f.bob.sky.simulate.approve([f.bob.address, id]), 'NotOwnerNorApproved')
    // A contract without the ERC-721 receiver hook does not take a sky by safe transfer.
    await expectRevert(
      sky.simulate.safeTransferFrom([f.alice.address, f.addresses.SkyRenderer, id]),
      'TransferToNonERC721ReceiverImplementer',
    )
    expect(await sky.read.ownerOf([id])).toBe(f.alice.address)
  })
})
