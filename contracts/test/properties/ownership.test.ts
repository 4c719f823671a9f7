import fc from 'fast-check'
import { expect, it } from 'vitest'
import { expectRevert, HOUR, skyIdFrom, useFixture } from '../fixture.ts'
import { PROPERTY_TIMEOUT, useLane } from '../lane.ts'
import { address, anyAccount, playerIndex } from './arbitraries.ts'

const f = useFixture()
const lane = useLane(f)

it(
  "only a sky's owner can gaze at it or decorate it",
  async () => {
    // Night over UTC+1 for every case: the owner's gaze is allowed, so only ownership decides.
    await f.toLocalTime(HOUR, 22 * HOUR)
    const cases = fc.record({
      minter: playerIndex,
      receiver: fc.option(playerIndex, { nil: undefined }),
      caller: anyAccount,
      action: fc.constantFrom('gaze' as const, 'decorate' as const),
    })
    await lane.forAll(cases, async ({ minter, receiver, caller: callerIndex, action }) => {
      // One block: someone's sky, then the minter's (sky 2), passed on to the receiver if there is one.
      const id = 2n
      let holder = address(f, minter)
      await lane.sendSky(address(f, 1 + (minter % 5)), 'mint', [HOUR])
      await lane.sendSky(holder, 'mint', [HOUR])
      if (receiver !== undefined) {
        await lane.sendSky(holder, 'transferFrom', [holder, address(f, receiver), id])
        holder = address(f, receiver)
      }
      const receipts = await lane.mine()
      expect(skyIdFrom(receipts[1] as (typeof receipts)[number])).toBe(id)
      const caller = address(f, callerIndex)
      const allowed = caller === holder
      if (action === 'gaze') {
        if (allowed) await lane.transactSky(caller, 'starGaze', [id])
        else {
          await expectRevert(lane.sky.simulate.starGaze([id], { account: caller }), 'ChainellationNotSkyOwner', [
            id,
            caller,
          ])
        }
        expect((await lane.sky.read.skyOf([id])).gazes).toBe(allowed ? 1 : 0)
      } else {
        const choices = [{ layer: 2, decorationId: 2, tokenId: 0n }]
        if (allowed) {
          await lane.sendDecorations(caller, 'setLayers', [id, choices])
          await lane.mine()
        } else {
          await expectRevert(
            lane.decorations.simulate.setLayers([id, choices], { account: caller }),
            'DecorationsNotSkyOwner',
            [id, caller],
          )
        }
        expect((await lane.decorations.read.layersOf([id]))[1].decorationId).toBe(allowed ? 2 : 0)
      }
    })
  },
  PROPERTY_TIMEOUT,
)
