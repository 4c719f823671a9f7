import fc from 'fast-check'
import { parseEventLogs } from 'viem'
import { expect, it } from 'vitest'
import { chainellationAbi, DEFAULT_HUE } from '../../src/index.ts'
import { COOLDOWN, DAY, expectRevert, HOUR, metadataUpdates, mod, skyIdFrom, useFixture } from '../fixture.ts'
import { PROPERTY_TIMEOUT, useLane } from '../lane.ts'
import { FIVE_STAR_CONSTELLATIONS, validTz } from './arbitraries.ts'

const f = useFixture()
const lane = useLane(f)

it(
  'a gaze succeeds exactly at night, 14 h after the last one, until every star is revealed',
  async () => {
    const alice = f.alice.address
    const jump = fc.oneof(
      fc.integer({ min: 1, max: 3 * HOUR }),
      fc.integer({ min: 10 * HOUR, max: 30 * HOUR }),
      fc.constantFrom(COOLDOWN, COOLDOWN - 1, 12 * HOUR, DAY),
    )
    const cases = fc.record({
      tz: validTz,
      constellation: fc.constantFrom(...FIVE_STAR_CONSTELLATIONS),
      jumps: fc.array(jump, { minLength: 4, maxLength: 18 }),
    })
    await lane.forAll(cases, async ({ tz, constellation, jumps }) => {
      const receipt = await lane.transactSky(alice, 'mintCustom', [tz, DEFAULT_HUE, DEFAULT_HUE, constellation, 0])
      const id = skyIdFrom(receipt)
      const stars = 5
      const model = { gazes: 0, last: 0 }
      const observe = async () => {
        const sky = await lane.sky.read.skyOf([id])
        expect({ gazes: sky.gazes, lastGaze: sky.lastGaze }).toEqual({ gazes: model.gazes, lastGaze: model.last })
      }
      let t = await lane.now()
      for (const step of jumps) {
        t += step
        // Every attempt runs at time t; only one the model allows is then mined, in a block at t.
        const at = { blockOverrides: { time: BigInt(t) } }
        const local = mod(t + tz, DAY)
        const night = local < 6 * HOUR || local >= 18 * HOUR
        const attempt = async () => {
          const gaze = lane.sky.simulate.starGaze([id], { account: alice, ...at })
          if (!night) return expectRevert(gaze, 'ChainellationNotNight', [id, BigInt(local)])
          if (t < model.last + COOLDOWN) {
            return expectRevert(gaze, 'ChainellationGazeTooSoon', [id, BigInt(model.last + COOLDOWN)])
          }
          if (model.gazes >= stars) return expectRevert(gaze, 'ChainellationFullyRevealed', [id])
          await gaze
          await lane.sendSky(alice, 'starGaze', [id])
          const [mined] = await lane.mine(t)
          model.gazes++
          model.last = t
          const events = parseEventLogs({ abi: chainellationAbi, logs: mined?.logs ?? [], eventName: 'Stargazed' })
          expect(events.map((e) => e.args)).toEqual([{ skyId: id, gazes: BigInt(model.gazes) }])
          // The contract keeps the block's time: lastGaze equal to t shows the gaze was mined at t.
          await observe()
        }
        expect(await lane.sky.read.isNight([id], at)).toBe(night)
        await attempt()
      }
      // Refused attempts were only simulated: the sky holds exactly the gazes that were mined.
      await observe()
    })
  },
  PROPERTY_TIMEOUT,
)

it(
  'a batch gaze announces exactly the skies it changed: a range of ids as one BatchMetadataUpdate, others one by one',
  async () => {
    const alice = f.alice.address
    const SKIES = 8
    for (let i = 0; i < SKIES; i++) await lane.sendSky(alice, 'mint', [0])
    await lane.mine()
    const ids = Array.from({ length: SKIES }, (_, i) => BigInt(i + 1))
    // 22:00 in UTC, where the skies live, a day on: night, and no sky has been gazed at.
    const now = await lane.now()
    const night = now + DAY + mod(22 * HOUR - now, DAY)
    // Any set of skies in any order, and often a whole range of ids in any order.
    const ranges = fc
      .record({ from: fc.integer({ min: 0, max: SKIES - 1 }), length: fc.integer({ min: 1, max: SKIES }) })
      .chain(({ from, length }) => {
        const run = ids.slice(from, from + length)
        return fc.shuffledSubarray(run, { minLength: run.length })
      })
    const batches = fc.oneof(fc.shuffledSubarray(ids), ranges)
    await lane.forAll(batches, async (batch) => {
      await lane.sendSky(alice, 'starGazeMany', [batch])
      const [mined] = await lane.mine(night)
      const events = metadataUpdates(mined?.logs ?? [])
      for (const event of events) expect(event.address).toBe(f.addresses.Chainellation)
      const covered = events.flatMap((e) =>
        'skyId' in e ? [e.skyId] : Array.from({ length: Number(e.to - e.from) + 1 }, (_, i) => e.from + BigInt(i)),
      )
      const sorted = (list: bigint[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      expect(sorted(covered)).toEqual(sorted(batch))
      const lowest = sorted(batch)[0] ?? 0n
      const isRange = batch.length > 1 && sorted(batch).every((id, i) => id === lowest + BigInt(i))
      expect(events).toHaveLength(isRange ? 1 : batch.length)
    })
  },
  PROPERTY_TIMEOUT,
)
