import { type Address, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { clock, expectRevert, MAX_TZ, MIN_TZ, type Player, useFixture } from '../fixture.ts'

const f = useFixture()

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
    await f.gaze(f.alice, id)
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
    await f.gaze(f.bob, 65_536n)
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
