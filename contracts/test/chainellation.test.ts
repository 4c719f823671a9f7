import { type Address, getAddress, maxUint256, parseEventLogs, toHex, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { chainellationAbi, constellations, DEFAULT_HUE, MAX_SUPPLY_LIMIT } from '../src/index.ts'
import {
  COOLDOWN,
  clock,
  DAY,
  decodeTokenURI,
  expectRevert,
  HOUR,
  MAX_TZ,
  MIN_TZ,
  metadataUpdates,
  mod,
  type Player,
  useFixture,
} from './fixture.ts'

const f = useFixture()

const CASSIOPEIA = 3 // five stars
const gwei = 1_000_000_000n

/** The traits of a sky without the per-sky progress, for comparing skies minted differently. */
const traitsOf = async (skyId: bigint) => {
  const { primaryHue, secondaryHue, constellation, clouds } = await f.alice.sky.read.skyOf([skyId])
  return { primaryHue, secondaryHue, constellation, clouds }
}

const gaze = (player: Player, skyId: bigint) => f.tx(player.sky.write.starGaze([skyId]))

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

describe('mint', () => {
  it('numbers skies from 1 across minters and emits Transfer from the zero address', async () => {
    const minters = [f.alice, f.bob, f.alice, f.carol]
    for (const [i, minter] of minters.entries()) {
      const receipt = await f.tx(minter.sky.write.mint([0]))
      const [transfer] = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'Transfer' })
      expect(transfer?.args).toEqual({ from: zeroAddress, to: minter.address, id: BigInt(i + 1) })
      expect(await f.alice.sky.read.ownerOf([BigInt(i + 1)])).toBe(minter.address)
    }
    expect(await f.alice.sky.read.totalSupply()).toBe(4n)
    expect(await f.alice.sky.read.balanceOf([f.alice.address])).toBe(2n)
  })

  it('returns the new id from mint and mintCustom', async () => {
    expect((await f.alice.sky.simulate.mint([0])).result).toBe(1n)
    await f.mint(f.alice)
    expect((await f.bob.sky.simulate.mintCustom([0, 1, 2, 3, 4])).result).toBe(2n)
  })

  it('stores the time zone and traits drawn from the id, with no gazes yet', async () => {
    const zones = [0, HOUR, MIN_TZ, MAX_TZ, 20_700, -34_200, 45_900, -900]
    const ids: bigint[] = []
    for (let i = 0; i < 24; i++) ids.push(await f.mint(f.players[1 + (i % 3)] as Player, zones[i % zones.length]))
    const skies = await Promise.all(ids.map((id) => f.alice.sky.read.skyOf([id])))
    for (const [i, sky] of skies.entries()) {
      expect(sky.tzOffset).toBe(zones[i % zones.length])
      expect(sky.primaryHue).toBeGreaterThanOrEqual(0)
      expect(sky.primaryHue).toBeLessThan(360)
      expect(sky.secondaryHue).toBeGreaterThanOrEqual(0)
      expect(sky.secondaryHue).toBeLessThan(360)
      expect(sky.constellation).toBeGreaterThanOrEqual(1)
      expect(sky.constellation).toBeLessThanOrEqual(constellations.length)
      expect(sky.clouds).toBeGreaterThanOrEqual(1)
      expect(sky.clouds).toBeLessThanOrEqual(4)
      expect(sky.gazes).toBe(0)
      expect(sky.lastGaze).toBe(0)
    }
    // Drawn, not constant: 24 skies do not all share a trait.
    for (const key of ['primaryHue', 'secondaryHue', 'constellation', 'clouds'] as const) {
      expect(new Set(skies.map((s) => s[key])).size).toBeGreaterThan(1)
    }
  })

  it('draws the default traits from the id alone, not from the minter, time zone or time', async () => {
    const snapshot = await f.snapshot()
    await f.mint(f.alice, HOUR)
    const first = await traitsOf(1n)
    await f.revert(snapshot)
    await f.setTime((await f.now()) + 12_345)
    await f.mint(f.bob, MIN_TZ)
    expect(await traitsOf(1n)).toEqual(first)
  })

  it('mintCustom stores the chosen traits', async () => {
    const choices = [
      [MAX_TZ, 0, 359, 16, 4],
      [MIN_TZ, 359, 0, 1, 1],
      [20_700, 180, 42, CASSIOPEIA, 2],
    ] as const
    for (const [i, [tz, primaryHue, secondaryHue, constellation, clouds]] of choices.entries()) {
      await f.tx(f.alice.sky.write.mintCustom([tz, primaryHue, secondaryHue, constellation, clouds]))
      expect(await f.alice.sky.read.skyOf([BigInt(i + 1)])).toEqual({
        tzOffset: tz,
        primaryHue,
        secondaryHue,
        constellation,
        clouds,
        gazes: 0,
        lastGaze: 0,
      })
    }
  })

  it('emits SkyMinted with the owner and the traits skyOf reads, for drawn and chosen traits alike', async () => {
    // One after another, so that the ids follow this order.
    const mints = [
      () => f.alice.sky.write.mint([-34_200]),
      () => f.bob.sky.write.mintCustom([MAX_TZ, 0, 359, 16, 4]),
      () => f.carol.sky.write.mintCustom([20_700, DEFAULT_HUE, 42, 0, 2]),
    ]
    const minters = [f.alice, f.bob, f.carol]
    for (const [i, write] of mints.entries()) {
      const receipt = await f.tx(write())
      const events = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'SkyMinted' })
      const { tzOffset, primaryHue, secondaryHue, constellation, clouds } = await f.alice.sky.read.skyOf([
        BigInt(i + 1),
      ])
      expect(events.map((e) => e.args)).toEqual([
        { skyId: BigInt(i + 1), owner: minters[i]?.address, tzOffset, primaryHue, secondaryHue, constellation, clouds },
      ])
    }
  })

  it('mintCustom lets the sky choose where given DEFAULT_HUE or 0', async () => {
    const snapshot = await f.snapshot()
    await f.mint(f.alice)
    await f.mint(f.alice)
    const own = [await traitsOf(1n), await traitsOf(2n)]
    await f.revert(snapshot)
    await f.tx(f.alice.sky.write.mintCustom([HOUR, DEFAULT_HUE, DEFAULT_HUE, 0, 0]))
    expect(await traitsOf(1n)).toEqual(own[0])
    await f.tx(f.alice.sky.write.mintCustom([HOUR, 7, DEFAULT_HUE, 0, 3]))
    expect(await traitsOf(2n)).toEqual({ ...own[1], primaryHue: 7, clouds: 3 })
  })

  it('refuses hues above 359 other than DEFAULT_HUE', async () => {
    const { sky } = f.alice
    await expectRevert(sky.simulate.mintCustom([0, 360, 10, 0, 0]), 'ChainellationInvalidHue', [360n])
    await expectRevert(sky.simulate.mintCustom([0, 10, 360, 0, 0]), 'ChainellationInvalidHue', [360n])
    await expectRevert(sky.simulate.mintCustom([0, 65_534, 10, 0, 0]), 'ChainellationInvalidHue', [65_534n])
    await expectRevert(sky.simulate.mintCustom([0, DEFAULT_HUE, 65_534, 0, 0]), 'ChainellationInvalidHue', [65_534n])
  })

  it('refuses constellations outside the catalogue', async () => {
    const next = constellations.length + 1
    await expectRevert(f.alice.sky.simulate.mintCustom([0, 1, 1, next, 1]), 'ChainellationInvalidConstellation', [
      BigInt(next),
    ])
    await expectRevert(f.alice.sky.simulate.mintCustom([0, 1, 1, 255, 1]), 'ChainellationInvalidConstellation', [255n])
  })

  it('refuses cloud levels above 4', async () => {
    await expectRevert(f.alice.sky.simulate.mintCustom([0, 1, 1, 1, 5]), 'ChainellationInvalidClouds', [5n])
    await expectRevert(f.alice.sky.simulate.mintCustom([0, 1, 1, 1, 255]), 'ChainellationInvalidClouds', [255n])
  })

  it('accepts every quarter-hour time zone from UTC-12:00 to UTC+14:00', async () => {
    const zones = [MIN_TZ, MAX_TZ, 20_700, 0, -900, 900, 19_800, -34_200, 45_900, 49_500]
    for (const tz of zones) await f.mint(f.alice, tz)
    const [, skies] = await f.alice.sky.read.skiesOf([f.alice.address])
    expect(skies.map((s) => s.tzOffset).reverse()).toEqual(zones)
  })

  it('refuses time zones out of range or not on a quarter hour', async () => {
    for (const tz of [MIN_TZ - 900, MAX_TZ + 900, 3_601, -1, 450, MIN_TZ - 1, MAX_TZ + 1, 2 ** 31 - 1, -(2 ** 31)]) {
      await expectRevert(f.alice.sky.simulate.mint([tz]), 'ChainellationInvalidTimeZone', [BigInt(tz)])
      await expectRevert(f.alice.sky.simulate.mintCustom([tz, 1, 1, 1, 1]), 'ChainellationInvalidTimeZone', [
        BigInt(tz),
      ])
    }
  })
})

describe('prices', () => {
  it('owner sets the prices; mintPrice adds the customization price per chosen trait', async () => {
    const receipt = await f.tx(f.owner.sky.write.setPrices([3n * gwei, 2n * gwei]))
    const [event] = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'PricesUpdated' })
    expect(event?.args).toEqual({ basePrice: 3n * gwei, customizationPrice: 2n * gwei })
    expect(await f.alice.sky.read.basePrice()).toBe(3n * gwei)
    expect(await f.alice.sky.read.customizationPrice()).toBe(2n * gwei)
    for (const n of [0n, 1n, 2n, 3n, 4n]) expect(await f.alice.sky.read.mintPrice([n])).toBe(3n * gwei + n * 2n * gwei)
  })

  it('mintPrice refuses more than the four traits a sky has', async () => {
    await f.tx(f.owner.sky.write.setPrices([3n * gwei, 2n * gwei]))
    for (const n of [5n, 255n, maxUint256]) {
      await expectRevert(f.alice.sky.read.mintPrice([n]), 'ChainellationInvalidChosenTraits', [n])
    }
  })

  it('mint takes exactly the base price', async () => {
    const base = 5n * gwei
    await f.tx(f.owner.sky.write.setPrices([base, gwei]))
    for (const paid of [0n, base - 1n, base + 1n, base + gwei]) {
      await expectRevert(f.alice.sky.simulate.mint([0], { value: paid }), 'ChainellationWrongPayment', [paid, base])
    }
    await f.mint(f.alice, 0, base)
    expect(await f.client.getBalance({ address: f.addresses.Chainellation })).toBe(base)
  })

  it('mintCustom takes exactly the base price plus the customization price per chosen trait', async () => {
    const base = 4n * gwei
    const custom = 3n * gwei
    await f.tx(f.owner.sky.write.setPrices([base, custom]))
    const cases = [
      { traits: [DEFAULT_HUE, DEFAULT_HUE, 0, 0], chosen: 0n },
      { traits: [0, DEFAULT_HUE, 0, 0], chosen: 1n },
      { traits: [DEFAULT_HUE, 359, 0, 0], chosen: 1n },
      { traits: [DEFAULT_HUE, DEFAULT_HUE, 16, 0], chosen: 1n },
      { traits: [DEFAULT_HUE, DEFAULT_HUE, 0, 1], chosen: 1n },
      { traits: [10, 20, 0, 0], chosen: 2n },
      { traits: [10, DEFAULT_HUE, 5, 2], chosen: 3n },
      { traits: [10, 20, 5, 4], chosen: 4n },
    ] as const
    let total = 0n
    for (const { traits, chosen } of cases) {
      const price = base + chosen * custom
      const args = [HOUR, ...traits] as const
      for (const paid of [price - 1n, price + 1n, price - custom, price + custom]) {
        await expectRevert(f.alice.sky.simulate.mintCustom(args, { value: paid }), 'ChainellationWrongPayment', [
          paid,
          price,
        ])
      }
      await f.tx(f.alice.sky.write.mintCustom(args, { value: price }))
      total += price
    }
    expect(await f.client.getBalance({ address: f.addresses.Chainellation })).toBe(total)
  })
})

describe('supply', () => {
  it('stops minting at the cap with ChainellationSoldOut', async () => {
    const receipt = await f.tx(f.owner.sky.write.setMaxSupply([3n]))
    const [event] = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'MaxSupplyUpdated' })
    expect(event?.args).toEqual({ maxSupply: 3n })
    expect(await f.alice.sky.read.maxSupply()).toBe(3n)
    for (let i = 0; i < 3; i++) await f.mint(f.players[1 + i] as Player)
    await expectRevert(f.alice.sky.simulate.mint([0]), 'ChainellationSoldOut', [3n])
    await expectRevert(f.alice.sky.simulate.mintCustom([0, 1, 1, 1, 1]), 'ChainellationSoldOut', [3n])
    await f.tx(f.owner.sky.write.setMaxSupply([4n]))
    await f.mint(f.alice)
    await expectRevert(f.bob.sky.simulate.mint([0]), 'ChainellationSoldOut', [4n])
    expect(await f.alice.sky.read.totalSupply()).toBe(4n)
  })

  it('a cap of 0 stops every mint', async () => {
    await f.tx(f.owner.sky.write.setMaxSupply([0n]))
    await expectRevert(f.alice.sky.simulate.mint([0]), 'ChainellationSoldOut', [0n])
  })

  it('never sets the cap below the skies minted nor above 262,143', async () => {
    for (let i = 0; i < 3; i++) await f.mint(f.alice)
    const { sky } = f.owner
    await expectRevert(sky.simulate.setMaxSupply([2n]), 'ChainellationInvalidMaxSupply', [2n, 3n])
    await expectRevert(sky.simulate.setMaxSupply([0n]), 'ChainellationInvalidMaxSupply', [0n, 3n])
    await expectRevert(sky.simulate.setMaxSupply([262_144n]), 'ChainellationInvalidMaxSupply', [262_144n, 3n])
    await expectRevert(sky.simulate.setMaxSupply([2n ** 255n]), 'ChainellationInvalidMaxSupply', [2n ** 255n, 3n])
    await f.tx(sky.write.setMaxSupply([3n]))
    await expectRevert(f.alice.sky.simulate.mint([0]), 'ChainellationSoldOut', [3n])
    await f.tx(sky.write.setMaxSupply([262_143n]))
    expect(await sky.read.maxSupply()).toBe(262_143n)
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

describe('night rule', () => {
  const zones = [
    { tz: MIN_TZ, name: 'UTC-12:00' },
    { tz: MAX_TZ, name: 'UTC+14:00' },
    { tz: 20_700, name: 'UTC+05:45' },
    { tz: 0, name: 'UTC+00:00' },
  ]

  it.each(zones)(
    'in $name a gaze is refused at 06:00:00 and 17:59:59, allowed at 18:00:00 and 05:59:59',
    async ({ tz }) => {
      const [a, b] = [await f.mint(f.alice, tz), await f.mint(f.alice, tz)]
      for (const time of [clock(6), clock(17, 59, 59)]) {
        await f.toLocalTime(tz, time)
        expect(await f.alice.sky.read.localTimeOf([BigInt(tz)])).toBe(BigInt(time))
        expect(await f.alice.sky.read.isNight([a])).toBe(false)
        await expectRevert(f.alice.sky.simulate.starGaze([a]), 'ChainellationNotNight', [a, BigInt(time)])
      }
      const evening = await f.toLocalTime(tz, clock(18))
      expect(await f.alice.sky.read.isNight([a])).toBe(true)
      await gaze(f.alice, a)
      expect((await f.alice.sky.read.skyOf([a])).lastGaze).toBe(evening)
      const morning = await f.toLocalTime(tz, clock(5, 59, 59))
      expect(morning - evening).toBe(12 * HOUR - 1)
      expect(await f.alice.sky.read.isNight([b])).toBe(true)
      await gaze(f.alice, b)
      expect((await f.alice.sky.read.skyOf([b])).lastGaze).toBe(morning)
      await f.setTime(morning + 1)
      await expectRevert(f.alice.sky.simulate.starGaze([a]), 'ChainellationNotNight', [a, BigInt(clock(6))])
    },
  )

  it.each([
    { tz: MAX_TZ, name: 'UTC+14:00', localDateAhead: 1 },
    { tz: MIN_TZ, name: 'UTC-12:00', localDateAhead: -1 },
  ])('in $name local midnight wraps across the UTC date line and stays night', async ({ tz, localDateAhead }) => {
    const [a, b] = [await f.mint(f.alice, tz), await f.mint(f.alice, tz)]
    const lastSecond = await f.toLocalTime(tz, clock(23, 59, 59))
    const date = (t: number) => Math.floor(t / DAY)
    expect(await f.alice.sky.read.localTimeOf([BigInt(tz)])).toBe(BigInt(DAY - 1))
    expect(await f.alice.sky.read.isNight([a])).toBe(true)
    await gaze(f.alice, a)
    await f.setTime(lastSecond + 1)
    expect(await f.alice.sky.read.localTimeOf([BigInt(tz)])).toBe(0n)
    expect(await f.alice.sky.read.isNight([b])).toBe(true)
    // On one side of local midnight the local date differs from the UTC date.
    const other = localDateAhead > 0 ? lastSecond + 1 : lastSecond
    expect(date(other + tz) - date(other)).toBe(localDateAhead)
    expect(date(lastSecond + 1 + tz)).toBe(date(lastSecond + tz) + 1)
    await gaze(f.alice, b)
    expect((await f.alice.sky.read.skyOf([b])).lastGaze).toBe(lastSecond + 1)
    await expectRevert(f.alice.sky.simulate.starGaze([a]), 'ChainellationGazeTooSoon', [
      a,
      BigInt(lastSecond + COOLDOWN),
    ])
  })

  it('isNight and localTimeOf agree with the local clock through a whole day in every zone', async () => {
    const tzs = [MIN_TZ, MAX_TZ, 20_700, 0, -34_200]
    const ids: bigint[] = []
    for (const tz of tzs) ids.push(await f.mint(f.alice, tz))
    const start = (await f.now()) + 1
    for (let t = start; t < start + DAY + HOUR; t += 29 * 60 + 7) {
      await f.setTime(t)
      for (const [i, tz] of tzs.entries()) {
        const local = mod(t + tz, DAY)
        expect(await f.alice.sky.read.localTimeOf([BigInt(tz)])).toBe(BigInt(local))
        expect(await f.alice.sky.read.isNight([ids[i] as bigint])).toBe(local < 6 * HOUR || local >= 18 * HOUR)
      }
    }
  })

  it('localTimeOf refuses time zones no sky can have', async () => {
    for (const tz of [MIN_TZ - 900, MAX_TZ + 900, 3_601, -1, 2n ** 255n - 1n, -(2n ** 255n), -(10n ** 30n)]) {
      await expectRevert(f.alice.sky.read.localTimeOf([BigInt(tz)]), 'ChainellationInvalidTimeZone', [BigInt(tz)])
    }
  })

  it('isNight of a sky that does not exist reverts', async () => {
    await expectRevert(f.alice.sky.read.isNight([1n]), 'TokenDoesNotExist')
  })
})

describe('stargaze', () => {
  it('only the sky owner may gaze, also after a transfer', async () => {
    const id = await f.mint(f.alice)
    await f.toLocalTime(HOUR, clock(22))
    await expectRevert(f.bob.sky.simulate.starGaze([id]), 'ChainellationNotSkyOwner', [id, f.bob.address])
    await expectRevert(f.owner.sky.simulate.starGaze([id]), 'ChainellationNotSkyOwner', [id, f.owner.address])
    await f.tx(f.alice.sky.write.transferFrom([f.alice.address, f.bob.address, id]))
    await expectRevert(f.alice.sky.simulate.starGaze([id]), 'ChainellationNotSkyOwner', [id, f.alice.address])
    await gaze(f.bob, id)
    expect((await f.bob.sky.read.skyOf([id])).gazes).toBe(1)
  })

  it('an approved operator may not gaze for the owner', async () => {
    const id = await f.mint(f.alice)
    await f.tx(f.alice.sky.write.setApprovalForAll([f.bob.address, true]))
    await f.tx(f.alice.sky.write.approve([f.bob.address, id]))
    await f.toLocalTime(HOUR, clock(22))
    await expectRevert(f.bob.sky.simulate.starGaze([id]), 'ChainellationNotSkyOwner', [id, f.bob.address])
  })

  it('a sky that does not exist cannot be gazed at', async () => {
    await f.mint(f.alice)
    await f.toLocalTime(HOUR, clock(22))
    await expectRevert(f.alice.sky.simulate.starGaze([0n]), 'TokenDoesNotExist')
    await expectRevert(f.alice.sky.simulate.starGaze([2n]), 'TokenDoesNotExist')
    await expectRevert(f.alice.sky.simulate.starGazeMany([[1n, 99n]]), 'TokenDoesNotExist')
  })

  it('each gaze counts, records its time and emits Stargazed', async () => {
    const tz = -5 * HOUR
    const id = await f.mint(f.alice, tz)
    let last = 0
    for (let n = 1; n <= 3; n++) {
      last = await f.toLocalTime(tz, clock(21, 30), last + COOLDOWN)
      const receipt = await gaze(f.alice, id)
      const events = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'Stargazed' })
      expect(events.map((e) => e.args)).toEqual([{ skyId: id, gazes: BigInt(n) }])
      const sky = await f.alice.sky.read.skyOf([id])
      expect(sky.gazes).toBe(n)
      expect(sky.lastGaze).toBe(last)
    }
  })

  it('waits 14 hours between gazes: too soon before, allowed exactly at lastGaze + 14 h', async () => {
    const tz = 0
    const id = await f.mint(f.alice, tz)
    const first = await f.toLocalTime(tz, clock(5))
    await gaze(f.alice, id)
    // 13.5 h later it is night again (18:30) but too soon.
    await f.setTime(first + 13 * HOUR + 30 * 60)
    await expectRevert(f.alice.sky.simulate.starGaze([id]), 'ChainellationGazeTooSoon', [id, BigInt(first + COOLDOWN)])
    await f.setTime(first + COOLDOWN - 1)
    await expectRevert(f.alice.sky.simulate.starGaze([id]), 'ChainellationGazeTooSoon', [id, BigInt(first + COOLDOWN)])
    await f.setTime(first + COOLDOWN)
    await gaze(f.alice, id)
    expect(await f.alice.sky.read.skyOf([id])).toMatchObject({ gazes: 2, lastGaze: first + COOLDOWN })
  })

  it('the wait belongs to the sky, not to its owner', async () => {
    const id = await f.mint(f.alice)
    const at = await f.toLocalTime(HOUR, clock(19))
    await gaze(f.alice, id)
    await f.tx(f.alice.sky.write.transferFrom([f.alice.address, f.bob.address, id]))
    await f.toLocalTime(HOUR, clock(23))
    await expectRevert(f.bob.sky.simulate.starGaze([id]), 'ChainellationGazeTooSoon', [id, BigInt(at + COOLDOWN)])
  })

  it('reveals one star per gaze until the constellation is complete, then ChainellationFullyRevealed', async () => {
    const tz = 20_700
    await f.tx(f.alice.sky.write.mintCustom([tz, DEFAULT_HUE, DEFAULT_HUE, CASSIOPEIA, 0]))
    const id = 1n
    const stars = constellations[CASSIOPEIA - 1]?.stars.length ?? 0
    expect(stars).toBe(5)
    let last = 0
    for (let n = 1; n <= stars; n++) {
      last = await f.toLocalTime(tz, clock(2), last + COOLDOWN)
      await gaze(f.alice, id)
    }
    expect((await f.alice.sky.read.skyOf([id])).gazes).toBe(stars)
    last = await f.toLocalTime(tz, clock(2), last + COOLDOWN)
    await expectRevert(f.alice.sky.simulate.starGaze([id]), 'ChainellationFullyRevealed', [id])
    await f.toLocalTime(tz, clock(2), last + 10 * DAY)
    await expectRevert(f.alice.sky.simulate.starGaze([id]), 'ChainellationFullyRevealed', [id])
  })

  it('starGazeMany gazes every listed sky in one transaction', async () => {
    const ids = [await f.mint(f.alice), await f.mint(f.alice), await f.mint(f.alice)]
    const at = await f.toLocalTime(HOUR, clock(20))
    const receipt = await f.tx(f.alice.sky.write.starGazeMany([ids]))
    const events = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'Stargazed' })
    expect(events.map((e) => e.args)).toEqual(ids.map((skyId) => ({ skyId, gazes: 1n })))
    for (const id of ids) expect(await f.alice.sky.read.skyOf([id])).toMatchObject({ gazes: 1, lastGaze: at })
    await f.tx(f.alice.sky.write.starGazeMany([[]]))
  })

  it('starGazeMany reverts as a whole when any one gaze fails', async () => {
    const mine = [await f.mint(f.alice), await f.mint(f.alice)]
    const theirs = await f.mint(f.bob)
    const at = await f.toLocalTime(HOUR, clock(20))
    const { sky } = f.alice
    await expectRevert(sky.simulate.starGazeMany([[...mine, theirs]]), 'ChainellationNotSkyOwner', [
      theirs,
      f.alice.address,
    ])
    await expectRevert(
      sky.simulate.starGazeMany([[mine[0] as bigint, mine[0] as bigint]]),
      'ChainellationGazeTooSoon',
      [mine[0], BigInt(at + COOLDOWN)],
    )
    // A transaction sent anyway reverts and changes nothing.
    const hash = await sky.write.starGazeMany([[...mine, theirs]], { gas: 500_000n })
    expect((await f.client.waitForTransactionReceipt({ hash })).status).toBe('reverted')
    for (const id of mine) expect((await sky.read.skyOf([id])).gazes).toBe(0)
    await gaze(f.alice, mine[1] as bigint)
    await expectRevert(sky.simulate.starGazeMany([mine]), 'ChainellationGazeTooSoon', [mine[1], BigInt(at + COOLDOWN)])
    await f.toLocalTime(HOUR, clock(10))
    await expectRevert(sky.simulate.starGazeMany([mine]), 'ChainellationNotNight', [mine[0], BigInt(clock(10))])
    expect((await sky.read.skyOf([mine[0] as bigint])).gazes).toBe(0)
  })
})

describe('metadata updates (ERC-4906)', () => {
  /** MetadataUpdate of `skyId`, as the collection emits it. */
  const one = (skyId: bigint) => ({ address: f.addresses.Chainellation, skyId })
  /** BatchMetadataUpdate of skies `from` to `to`, as the collection emits it. */
  const range = (from: bigint, to: bigint) => ({ address: f.addresses.Chainellation, from, to })

  it('supportsInterface answers true for ERC-4906 beside ERC-165, ERC-721 and its metadata, false otherwise', async () => {
    const { sky } = f.alice
    for (const id of ['0x49064906', '0x01ffc9a7', '0x80ac58cd', '0x5b5e139f'] as const) {
      expect(await sky.read.supportsInterface([id]), id).toBe(true)
    }
    for (const id of ['0x49064907', '0x00000000', '0xffffffff'] as const) {
      expect(await sky.read.supportsInterface([id]), id).toBe(false)
    }
  })

  it('a gaze has the collection emit MetadataUpdate for that sky alone; a mint emits none', async () => {
    const mint = await f.tx(f.alice.sky.write.mint([HOUR]))
    expect(metadataUpdates(mint.logs)).toEqual([])
    const id = await f.mint(f.alice)
    await f.mint(f.alice)
    await f.toLocalTime(HOUR, clock(22))
    expect(metadataUpdates((await gaze(f.alice, id)).logs)).toEqual([one(id)])
  })

  it('starGazeMany emits one MetadataUpdate per sky, in order, when the skies are not a range of ids', async () => {
    for (let i = 0; i < 5; i++) await f.mint(f.alice)
    await f.toLocalTime(HOUR, clock(22))
    const receipt = await f.tx(f.alice.sky.write.starGazeMany([[5n, 1n, 3n]]))
    expect(metadataUpdates(receipt.logs)).toEqual([one(5n), one(1n), one(3n)])
  })

  it('starGazeMany emits one BatchMetadataUpdate when the skies are a range of ids, in any order', async () => {
    for (let i = 0; i < 6; i++) await f.mint(f.alice)
    const at = await f.toLocalTime(HOUR, clock(22))
    let receipt = await f.tx(f.alice.sky.write.starGazeMany([[4n, 2n, 3n]]))
    expect(metadataUpdates(receipt.logs)).toEqual([range(2n, 4n)])
    receipt = await f.tx(f.alice.sky.write.starGazeMany([[5n, 6n]]))
    expect(metadataUpdates(receipt.logs)).toEqual([range(5n, 6n)])
    // One sky is no range: it gets its own MetadataUpdate; no sky, no event.
    receipt = await f.tx(f.alice.sky.write.starGazeMany([[1n]]))
    expect(metadataUpdates(receipt.logs)).toEqual([one(1n)])
    receipt = await f.tx(f.alice.sky.write.starGazeMany([[]]))
    expect(metadataUpdates(receipt.logs)).toEqual([])
    await f.toLocalTime(HOUR, clock(22), at + COOLDOWN)
    receipt = await f.tx(f.alice.sky.write.starGazeMany([[6n, 5n, 4n, 3n, 2n, 1n]]))
    expect(metadataUpdates(receipt.logs)).toEqual([range(1n, 6n)])
  })

  it('a gaze that reverts announces nothing and changes no sky', async () => {
    const mine = [await f.mint(f.alice), await f.mint(f.alice)]
    const theirs = await f.mint(f.bob)
    await f.toLocalTime(HOUR, clock(12))
    const { sky } = f.alice
    const day = await f.client.waitForTransactionReceipt({
      hash: await sky.write.starGaze([mine[0] as bigint], { gas: 200_000n }),
    })
    await f.toLocalTime(HOUR, clock(22))
    const batch = await f.client.waitForTransactionReceipt({
      hash: await sky.write.starGazeMany([[...mine, theirs]], { gas: 500_000n }),
    })
    for (const receipt of [day, batch]) {
      expect(receipt.status).toBe('reverted')
      expect(metadataUpdates(receipt.logs)).toEqual([])
    }
    for (const id of [...mine, theirs]) expect((await sky.read.skyOf([id])).gazes).toBe(0)
  })

  it('only the decorations registry the skies wear may announce new layers: anyone else is refused', async () => {
    const id = await f.mint(f.alice)
    for (const player of [f.alice, f.owner, f.bob]) {
      await expectRevert(player.sky.simulate.notifyMetadataUpdate([id]), 'ChainellationNotDecorations', [
        player.address,
      ])
    }
    // The registry's own call, made by setLayers, is tested with the registry.
  })

  it('a new renderer or registry redraws every sky minted: one BatchMetadataUpdate from 1 to the last', async () => {
    const next = await f.deploy('SkyRenderer', [])
    // Before any mint there is no sky to announce.
    expect(metadataUpdates((await f.tx(f.owner.sky.write.setRenderer([next]))).logs)).toEqual([])
    for (let i = 0; i < 3; i++) await f.mint(f.alice)
    await f.mint(f.bob)
    const renderer = await f.tx(f.owner.sky.write.setRenderer([f.addresses.SkyRenderer]))
    expect(metadataUpdates(renderer.logs)).toEqual([range(1n, 4n)])
    const registry = await f.tx(f.owner.sky.write.setDecorations([zeroAddress]))
    expect(metadataUpdates(registry.logs)).toEqual([range(1n, 4n)])
  })
})

describe('collection metadata (ERC-7572)', () => {
  const ORION = 1
  /** The traits of the emblem: sky #0, which nobody can mint, with Orion whole. */
  const emblem = {
    tzOffset: 0,
    primaryHue: 230,
    secondaryHue: 33,
    constellation: ORION,
    clouds: 1,
    gazes: constellations[ORION - 1]?.stars.length ?? 0,
    lastGaze: 0,
  }

  it('contractURI is base64 JSON with the name, a description and, as image, sky #0 drawn by the renderer', async () => {
    const { json, svg } = decodeTokenURI(await f.alice.sky.read.contractURI())
    expect(Object.keys(json).sort()).toEqual(['description', 'image', 'name'])
    expect(json.name).toBe('chainellation')
    expect(json.description).toMatch(/^Night skies drawn and kept on-chain\b/)
    expect(emblem.gazes).toBe(8)
    expect(svg).toBe(await f.alice.renderer.read.svg([0n, emblem, 22n, ['', '', '']]))
    // Orion is whole, so its figure's lines are drawn.
    expect(svg).toContain('<path stroke-width="1.5"')
  })

  it('contractURI stays the same as skies are minted and gazed at and time passes', async () => {
    const before = await f.alice.sky.read.contractURI()
    const id = await f.mint(f.alice)
    await f.toLocalTime(HOUR, clock(22))
    await gaze(f.alice, id)
    await f.toLocalTime(HOUR, clock(12))
    expect(await f.alice.sky.read.contractURI()).toBe(before)
  })

  it('setRenderer, which draws the image, emits ContractURIUpdated; setDecorations does not', async () => {
    const next = await f.deploy('SkyRenderer', [])
    const updated = (logs: Parameters<typeof metadataUpdates>[0]) =>
      parseEventLogs({ abi: chainellationAbi, logs, eventName: 'ContractURIUpdated' }).map((e) => getAddress(e.address))
    const renderer = await f.tx(f.owner.sky.write.setRenderer([next]))
    expect(updated(renderer.logs)).toEqual([f.addresses.Chainellation])
    const registry = await f.tx(f.owner.sky.write.setDecorations([zeroAddress]))
    expect(updated(registry.logs)).toEqual([])
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

describe('skyOf and tokenURI', () => {
  it('revert for a sky that does not exist', async () => {
    await f.mint(f.alice)
    await expectRevert(f.alice.sky.read.skyOf([0n]), 'TokenDoesNotExist')
    await expectRevert(f.alice.sky.read.skyOf([2n]), 'TokenDoesNotExist')
    await expectRevert(f.alice.sky.read.tokenURI([2n]), 'TokenDoesNotExist')
  })

  it('a transfer keeps the sky and its progress', async () => {
    const id = await f.mint(f.alice, 20_700)
    await f.toLocalTime(20_700, clock(22))
    await gaze(f.alice, id)
    const before = await f.alice.sky.read.skyOf([id])
    await f.tx(f.alice.sky.write.safeTransferFrom([f.alice.address, f.bob.address, id]))
    expect(await f.alice.sky.read.skyOf([id])).toEqual(before)
    expect(await f.alice.sky.read.ownerOf([id])).toBe(f.bob.address)
  })
})

describe('skiesOf', () => {
  const idsOf = async (who: Address) => (await f.alice.sky.read.skiesOf([who]))[0]
  const transfer = (from: Player, to: Player, id: bigint) =>
    f.tx(from.sky.write.transferFrom([from.address, to.address, id]))

  // A 16-bit link would wrap past sky 65,535: the collection is sized for 150,000 skies (docs/decisions/indexer.md).
  it('follows minted and received skies past sky 65,535', async () => {
    await f.tx(f.owner.sky.write.setMaxSupply([262_143n]))
    // `_config` begins with the skies minted (32 bits) and the cap (32 bits): skip to 65,534 skies minted.
    const address = f.addresses.Chainellation
    const configSlot = []
    for (let slot = 0n; slot < 16n; slot++) {
      const word = BigInt((await f.client.getStorageAt({ address, slot: toHex(slot) })) ?? 0)
      if (word & 0xffffffffn) continue
      if (((word >> 32n) & 0xffffffffn) === 262_143n) configSlot.push({ slot, word })
    }
    expect(configSlot).toHaveLength(1)
    const [{ slot, word }] = configSlot as [{ slot: bigint; word: bigint }]
    await f.client.setStorageAt({ address, index: toHex(slot), value: toHex(word | 65_534n, { size: 32 }) })
    for (let i = 0; i < 3; i++) await f.mint(f.alice, MIN_TZ)
    expect(await f.alice.sky.read.totalSupply()).toBe(65_537n)
    expect(await idsOf(f.alice.address)).toEqual([65_537n, 65_536n, 65_535n])
    await transfer(f.alice, f.bob, 65_536n)
    expect(await idsOf(f.bob.address)).toEqual([65_536n])
    expect(await idsOf(f.alice.address)).toEqual([65_537n, 65_535n])
    await f.toLocalTime(MIN_TZ, 22 * 3600)
    await gaze(f.bob, 65_536n)
    expect(await f.alice.sky.read.skyOf([65_536n])).toMatchObject({ tzOffset: MIN_TZ, gazes: 1 })
  })

  it('lists no skies for a wallet without any', async () => {
    await f.mint(f.alice)
    expect(await f.alice.sky.read.skiesOf([f.bob.address])).toEqual([[], []])
  })

  it('lists every held sky newest first with its traits', async () => {
    await f.mint(f.alice, MIN_TZ)
    await f.mint(f.bob)
    await f.tx(f.alice.sky.write.mintCustom([MAX_TZ, 1, 2, 3, 4]))
    const [ids, skies] = await f.alice.sky.read.skiesOf([f.alice.address])
    expect(ids).toEqual([3n, 1n])
    expect(skies).toEqual([await f.alice.sky.read.skyOf([3n]), await f.alice.sky.read.skyOf([1n])])
    expect(skies[0]).toMatchObject({ tzOffset: MAX_TZ, primaryHue: 1, secondaryHue: 2, constellation: 3, clouds: 4 })
  })

  it('follows skies transferred out and back in', async () => {
    for (let i = 0; i < 3; i++) await f.mint(f.alice)
    await transfer(f.alice, f.bob, 2n)
    expect(await idsOf(f.bob.address)).toEqual([2n])
    expect(await idsOf(f.alice.address)).toEqual([3n, 1n])
    await transfer(f.bob, f.alice, 2n)
    expect([...(await idsOf(f.alice.address))].sort()).toEqual([1n, 2n, 3n])
    expect(await idsOf(f.bob.address)).toEqual([])
    // Out and back again: still listed once.
    await transfer(f.alice, f.bob, 2n)
    await transfer(f.bob, f.alice, 2n)
    expect([...(await idsOf(f.alice.address))].sort()).toEqual([1n, 2n, 3n])
  })

  it('lists skies received by a wallet that never minted, newest first', async () => {
    for (let i = 0; i < 4; i++) await f.mint(f.alice)
    await transfer(f.alice, f.carol, 2n)
    await transfer(f.alice, f.carol, 4n)
    await transfer(f.alice, f.carol, 3n)
    await transfer(f.carol, f.dave, 4n)
    const [ids, skies] = await f.alice.sky.read.skiesOf([f.carol.address])
    expect(ids).toEqual([3n, 2n])
    expect(skies).toEqual([await f.alice.sky.read.skyOf([3n]), await f.alice.sky.read.skyOf([2n])])
    expect(await idsOf(f.dave.address)).toEqual([4n])
    expect(await idsOf(f.alice.address)).toEqual([1n])
  })

  it('orders minted and received skies together, newest first', async () => {
    await f.mint(f.alice)
    await f.mint(f.bob)
    await transfer(f.bob, f.alice, 2n)
    await f.mint(f.alice)
    expect(await idsOf(f.alice.address)).toEqual([3n, 2n, 1n])
  })

  it('finds exactly the 100 skies of one wallet among 300 minted by several', async () => {
    const minters = [f.alice, f.bob, f.carol, f.dave]
    const expected = new Map<string, bigint[]>(minters.map((m) => [m.address, []]))
    // Alice mints every third sky; the others take turns in between.
    for (let id = 1n; id <= 300n; id++) {
      const minter = id % 3n === 1n ? f.alice : (minters[1 + (Number(id % 5n) % 3)] as Player)
      await f.tx(minter.sky.write.mint([0]))
      expected.get(minter.address)?.unshift(id)
    }
    expect(await f.alice.sky.read.totalSupply()).toBe(300n)
    const [ids, skies] = await f.alice.sky.read.skiesOf([f.alice.address])
    expect(ids).toHaveLength(100)
    expect(ids).toEqual(expected.get(f.alice.address))
    expect(skies.every((s) => s.tzOffset === 0 && s.gazes === 0)).toBe(true)
    for (const minter of minters.slice(1)) expect(await idsOf(minter.address)).toEqual(expected.get(minter.address))
  })
})
