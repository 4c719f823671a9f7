import fc from 'fast-check'
import { expect, it } from 'vitest'
import { DEFAULT_HUE } from '../../src/index.ts'
import { expectRevert, useFixture } from '../fixture.ts'
import { PROPERTY_TIMEOUT, useLane } from '../lane.ts'

const f = useFixture()
const lane = useLane(f)

it(
  'a mint succeeds exactly when the payment equals its price',
  async () => {
    const ether = 10n ** 18n
    const owner = f.owner.address
    const alice = f.alice.address
    const cases = fc.record({
      base: fc.bigInt({ min: 0n, max: ether }),
      custom: fc.bigInt({ min: 0n, max: ether / 10n }),
      chosen: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      delta: fc.oneof(fc.constant(0n), fc.constantFrom(-1n, 1n), fc.bigInt({ min: -ether, max: ether })),
    })
    await lane.forAll(cases, async ({ base, custom, chosen, delta }) => {
      const count = BigInt(chosen.filter(Boolean).length)
      const price = base + count * custom
      const paid = price + delta < 0n ? 0n : price + delta
      const [hue1, hue2, constellation, clouds] = chosen
      const args = [
        0,
        hue1 ? 100 : DEFAULT_HUE,
        hue2 ? 200 : DEFAULT_HUE,
        constellation ? 5 : 0,
        clouds ? 2 : 0,
      ] as const
      await lane.sendSky(owner, 'setPrices', [base, custom])
      if (paid === price) {
        // The new prices and the mint at exactly that price, in one block.
        await lane.sendSky(alice, 'mintCustom', args, paid)
        await lane.mine()
        expect(await lane.sky.read.mintPrice([count])).toBe(price)
        expect(await lane.client.getBalance({ address: f.addresses.Chainellation })).toBe(price)
      } else {
        await lane.mine()
        expect(await lane.sky.read.mintPrice([count])).toBe(price)
        await expectRevert(
          lane.sky.simulate.mintCustom(args, { account: alice, value: paid }),
          'ChainellationWrongPayment',
          [paid, price],
        )
        expect(await lane.sky.read.totalSupply()).toBe(0n)
      }
    })
  },
  PROPERTY_TIMEOUT,
)
