import fc from 'fast-check'
import { expect, it } from 'vitest'
import { expectRevert, skyIdFrom, useFixture } from '../fixture.ts'
import { PROPERTY_TIMEOUT, useLane } from '../lane.ts'
import { address, playerIndex } from './arbitraries.ts'

const f = useFixture()
const lane = useLane(f)

it(
  'supply never exceeds the cap under any mix of mints and cap changes',
  async () => {
    const owner = f.owner.address
    const command = fc.oneof(
      fc.record({ kind: fc.constant('mint' as const), who: playerIndex, custom: fc.boolean() }),
      fc.record({ kind: fc.constant('setMaxSupply' as const), max: fc.integer({ min: 0, max: 10 }) }),
    )
    const cases = fc.record({ cap: fc.integer({ min: 0, max: 6 }), commands: fc.array(command, { maxLength: 14 }) })
    await lane.forAll(cases, async ({ cap, commands }) => {
      const model = { minted: 0, max: cap, holders: [] as string[] }
      /** The chain agrees with the model: supply, cap and the newest sky's holder. */
      const observe = async () => {
        const { sky } = lane
        const [minted, max, holder] = await lane.client.multicall({
          allowFailure: false,
          contracts: [
            { ...sky, functionName: 'totalSupply' },
            { ...sky, functionName: 'maxSupply' },
            // The newest sky's holder, or the cap again while there is none.
            model.minted
              ? { ...sky, functionName: 'ownerOf', args: [BigInt(model.minted)] }
              : { ...sky, functionName: 'maxSupply' },
          ],
        })
        expect({ minted, max }).toEqual({ minted: BigInt(model.minted), max: BigInt(model.max) })
        if (model.minted) expect(holder).toBe(model.holders.at(-1))
        expect(minted).toBeLessThanOrEqual(max)
      }
      await lane.transactSky(owner, 'setMaxSupply', [BigInt(cap)])
      await observe()
      // A refused command is only simulated and changes nothing; after each mined one the chain is read again.
      for (const c of commands) {
        if (c.kind === 'mint') {
          const who = address(f, c.who)
          if (model.minted < model.max) {
            const receipt = c.custom
              ? await lane.transactSky(who, 'mintCustom', [0, 1, 2, 3, 4])
              : await lane.transactSky(who, 'mint', [0])
            model.minted++
            model.holders.push(who)
            expect(skyIdFrom(receipt)).toBe(BigInt(model.minted))
            await observe()
          } else {
            const attempt = c.custom
              ? lane.sky.simulate.mintCustom([0, 1, 2, 3, 4], { account: who })
              : lane.sky.simulate.mint([0], { account: who })
            await expectRevert(attempt, 'ChainellationSoldOut', [BigInt(model.max)])
          }
        } else if (c.max < model.minted) {
          await expectRevert(
            lane.sky.simulate.setMaxSupply([BigInt(c.max)], { account: owner }),
            'ChainellationInvalidMaxSupply',
            [BigInt(c.max), BigInt(model.minted)],
          )
        } else {
          await lane.transactSky(owner, 'setMaxSupply', [BigInt(c.max)])
          model.max = c.max
          await observe()
        }
      }
      await observe()
    })
  },
  PROPERTY_TIMEOUT,
)
