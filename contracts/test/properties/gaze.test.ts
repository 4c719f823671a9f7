import fc from 'fast-check'
import { parseEventLogs } from 'viem'
import { expect, it } from 'vitest'
import { chainellationAbi, DEFAULT_HUE } from '../../src/index.ts'
import { COOLDOWN, DAY, expectRevert, HOUR, mod, skyIdFrom, useFixture } from '../fixture.ts'
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
