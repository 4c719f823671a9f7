import { parseEventLogs } from 'viem'
import { describe, expect, it } from 'vitest'
import { chainellationAbi, constellations, DEFAULT_HUE } from '../../src/index.ts'
import { CASSIOPEIA, COOLDOWN, clock, DAY, expectRevert, HOUR, MAX_TZ, MIN_TZ, mod, useFixture } from '../fixture.ts'

const f = useFixture()

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
      await f.gaze(f.alice, a)
      expect((await f.alice.sky.read.skyOf([a])).lastGaze).toBe(evening)
      const morning = await f.toLocalTime(tz, clock(5, 59, 59))
      expect(morning - evening).toBe(12 * HOUR - 1)
      expect(await f.alice.sky.read.isNight([b])).toBe(true)
      await f.gaze(f.alice, b)
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
    await f.gaze(f.alice, a)
    await f.setTime(lastSecond + 1)
    expect(await f.alice.sky.read.localTimeOf([BigInt(tz)])).toBe(0n)
    expect(await f.alice.sky.read.isNight([b])).toBe(true)
    // On one side of local midnight the local date differs from the UTC date.
    const other = localDateAhead > 0 ? lastSecond + 1 : lastSecond
    expect(date(other + tz) - date(other)).toBe(localDateAhead)
    expect(date(lastSecond + 1 + tz)).toBe(date(lastSecond + tz) + 1)
    await f.gaze(f.alice, b)
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
    await f.gaze(f.bob, id)
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
      const receipt = await f.gaze(f.alice, id)
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
    await f.gaze(f.alice, id)
    // 13.5 h later it is night again (18:30) but too soon.
    await f.setTime(first + 13 * HOUR + 30 * 60)
    await expectRevert(f.alice.sky.simulate.starGaze([id]), 'ChainellationGazeTooSoon', [id, BigInt(first + COOLDOWN)])
    await f.setTime(first + COOLDOWN - 1)
    await expectRevert(f.alice.sky.simulate.starGaze([id]), 'ChainellationGazeTooSoon', [id, BigInt(first + COOLDOWN)])
    await f.setTime(first + COOLDOWN)
    await f.gaze(f.alice, id)
    expect(await f.alice.sky.read.skyOf([id])).toMatchObject({ gazes: 2, lastGaze: first + COOLDOWN })
  })

  it('the wait belongs to the sky, not to its owner', async () => {
    const id = await f.mint(f.alice)
    const at = await f.toLocalTime(HOUR, clock(19))
    await f.gaze(f.alice, id)
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
      await f.gaze(f.alice, id)
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
    await f.gaze(f.alice, mine[1] as bigint)
    await expectRevert(sky.simulate.starGazeMany([mine]), 'ChainellationGazeTooSoon', [mine[1], BigInt(at + COOLDOWN)])
    await f.toLocalTime(HOUR, clock(10))
    await expectRevert(sky.simulate.starGazeMany([mine]), 'ChainellationNotNight', [mine[0], BigInt(clock(10))])
    expect((await sky.read.skyOf([mine[0] as bigint])).gazes).toBe(0)
  })
})
