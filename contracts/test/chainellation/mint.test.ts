import { maxUint256, parseEventLogs, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { chainellationAbi, constellations, DEFAULT_HUE } from '../../src/index.ts'
import { CASSIOPEIA, expectRevert, gwei, HOUR, MAX_TZ, MIN_TZ, type Player, useFixture } from '../fixture.ts'

const f = useFixture()

/** The traits of a sky without the per-sky progress, for comparing skies minted differently. */
const traitsOf = async (skyId: bigint) => {
  const { primaryHue, secondaryHue, constellation, clouds } = await f.alice.sky.read.skyOf([skyId])
  return { primaryHue, secondaryHue, constellation, clouds }
}

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
