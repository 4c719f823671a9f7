import fc from 'fast-check'
import { parseEventLogs } from 'viem'
import { describe, expect, it } from 'vitest'
import { chainellationAbi, constellations, DEFAULT_HUE } from '../src/index.ts'
import { COOLDOWN, DAY, expectRevert, HOUR, mod, type Player, useFixture } from './fixture.ts'

const f = useFixture()

/** Runs `body` on a snapshot of the chain and reverts it afterwards, so every run starts alike. */
async function isolated(body: () => Promise<void>) {
  const id = await f.snapshot()
  try {
    await body()
  } finally {
    await f.revert(id)
  }
}

const player = (index: number) => f.players[index] as Player
/** Accounts that play (index 0 is the collection's owner). */
const playerIndex = fc.integer({ min: 1, max: 5 })
const anyAccount = fc.integer({ min: 0, max: 7 })
const validTz = fc.integer({ min: -48, max: 56 }).map((quarters) => quarters * 900)
const FIVE_STAR_CONSTELLATIONS = constellations.filter((c) => c.stars.length === 5).map((c) => c.id)

// Shrinking a failure replays it on the chain many times: stop shrinking after a minute and report
// the smallest counterexample found by then, well before the test times out.
const timeout = 120_000
const runs = (numRuns: number) => ({ numRuns, interruptAfterTimeLimit: 60_000 })

describe('properties', () => {
  it(
    'supply never exceeds the cap under any mix of mints and cap changes',
    async () => {
      const command = fc.oneof(
        fc.record({ kind: fc.constant('mint' as const), who: playerIndex, custom: fc.boolean() }),
        fc.record({ kind: fc.constant('setMaxSupply' as const), max: fc.integer({ min: 0, max: 10 }) }),
      )
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 6 }), fc.array(command, { maxLength: 14 }), (cap, commands) =>
          isolated(async () => {
            await f.tx(f.owner.sky.write.setMaxSupply([BigInt(cap)]))
            const model = { minted: 0, max: cap }
            for (const c of commands) {
              if (c.kind === 'mint') {
                const { sky, address } = player(c.who)
                if (model.minted < model.max) {
                  await f.tx(c.custom ? sky.write.mintCustom([0, 1, 2, 3, 4]) : sky.write.mint([0]))
                  model.minted++
                  expect(await sky.read.ownerOf([BigInt(model.minted)])).toBe(address)
                } else {
                  const attempt = c.custom ? sky.simulate.mintCustom([0, 1, 2, 3, 4]) : sky.simulate.mint([0])
                  await expectRevert(attempt, 'ChainellationSoldOut', [BigInt(model.max)])
                }
              } else if (c.max < model.minted) {
                await expectRevert(
                  f.owner.sky.simulate.setMaxSupply([BigInt(c.max)]),
                  'ChainellationInvalidMaxSupply',
                  [BigInt(c.max), BigInt(model.minted)],
                )
              } else {
                await f.tx(f.owner.sky.write.setMaxSupply([BigInt(c.max)]))
                model.max = c.max
              }
              const [minted, max] = [await f.alice.sky.read.totalSupply(), await f.alice.sky.read.maxSupply()]
              expect({ minted, max }).toEqual({ minted: BigInt(model.minted), max: BigInt(model.max) })
              expect(minted).toBeLessThanOrEqual(max)
            }
          }),
        ),
        runs(30),
      )
    },
    timeout,
  )

  it(
    "only a sky's owner can gaze at it or decorate it",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          playerIndex,
          fc.option(playerIndex, { nil: undefined }),
          anyAccount,
          fc.constantFrom('gaze' as const, 'decorate' as const),
          (minterIndex, receiverIndex, callerIndex, action) =>
            isolated(async () => {
              await f.mint(player(1 + (minterIndex % 5)))
              const id = await f.mint(player(minterIndex))
              let holder = player(minterIndex)
              if (receiverIndex !== undefined) {
                await f.tx(holder.sky.write.transferFrom([holder.address, player(receiverIndex).address, id]))
                holder = player(receiverIndex)
              }
              await f.toLocalTime(3_600, 22 * HOUR)
              const caller = player(callerIndex)
              const allowed = caller.address === holder.address
              if (action === 'gaze') {
                if (allowed) await f.tx(caller.sky.write.starGaze([id]))
                else
                  await expectRevert(caller.sky.simulate.starGaze([id]), 'ChainellationNotSkyOwner', [
                    id,
                    caller.address,
                  ])
                expect((await f.alice.sky.read.skyOf([id])).gazes).toBe(allowed ? 1 : 0)
              } else {
                const choices = [{ layer: 2, decorationId: 2, tokenId: 0n }]
                if (allowed) await f.tx(caller.decorations.write.setLayers([id, choices]))
                else {
                  await expectRevert(caller.decorations.simulate.setLayers([id, choices]), 'DecorationsNotSkyOwner', [
                    id,
                    caller.address,
                  ])
                }
                expect((await f.alice.decorations.read.layersOf([id]))[1].decorationId).toBe(allowed ? 2 : 0)
              }
            }),
        ),
        runs(40),
      )
    },
    timeout,
  )

  it(
    'a mint succeeds exactly when the payment equals its price',
    async () => {
      const ether = 10n ** 18n
      await fc.assert(
        fc.asyncProperty(
          fc.bigInt({ min: 0n, max: ether }),
          fc.bigInt({ min: 0n, max: ether / 10n }),
          fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
          fc.oneof(fc.constant(0n), fc.constantFrom(-1n, 1n), fc.bigInt({ min: -ether, max: ether })),
          (base, custom, chosen, delta) =>
            isolated(async () => {
              await f.tx(f.owner.sky.write.setPrices([base, custom]))
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
              expect(await f.alice.sky.read.mintPrice([count])).toBe(price)
              if (paid === price) {
                await f.tx(f.alice.sky.write.mintCustom(args, { value: paid }))
                expect(await f.client.getBalance({ address: f.addresses.Chainellation })).toBe(price)
              } else {
                await expectRevert(
                  f.alice.sky.simulate.mintCustom(args, { value: paid }),
                  'ChainellationWrongPayment',
                  [paid, price],
                )
                expect(await f.alice.sky.read.totalSupply()).toBe(0n)
              }
            }),
        ),
        runs(40),
      )
    },
    timeout,
  )

  it(
    'a gaze succeeds exactly at night, 14 h after the last one, until every star is revealed',
    async () => {
      const jump = fc.oneof(
        fc.integer({ min: 1, max: 3 * HOUR }),
        fc.integer({ min: 10 * HOUR, max: 30 * HOUR }),
        fc.constantFrom(COOLDOWN, COOLDOWN - 1, 12 * HOUR, DAY),
      )
      await fc.assert(
        fc.asyncProperty(
          validTz,
          fc.constantFrom(...FIVE_STAR_CONSTELLATIONS),
          fc.array(jump, { minLength: 4, maxLength: 18 }),
          (tz, constellation, jumps) =>
            isolated(async () => {
              await f.tx(f.alice.sky.write.mintCustom([tz, DEFAULT_HUE, DEFAULT_HUE, constellation, 0]))
              const id = 1n
              const stars = 5
              const model = { gazes: 0, last: 0 }
              let t = await f.now()
              for (const step of jumps) {
                t += step
                await f.setTime(t)
                const local = mod(t + tz, DAY)
                const night = local < 6 * HOUR || local >= 18 * HOUR
                expect(await f.alice.sky.read.isNight([id])).toBe(night)
                const attempt = f.alice.sky.simulate.starGaze([id])
                if (!night) await expectRevert(attempt, 'ChainellationNotNight', [id, BigInt(local)])
                else if (t < model.last + COOLDOWN) {
                  await expectRevert(attempt, 'ChainellationGazeTooSoon', [id, BigInt(model.last + COOLDOWN)])
                } else if (model.gazes >= stars) await expectRevert(attempt, 'ChainellationFullyRevealed', [id])
                else {
                  await attempt
                  const receipt = await f.tx(f.alice.sky.write.starGaze([id]))
                  model.gazes++
                  model.last = t
                  const events = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'Stargazed' })
                  expect(events.map((e) => e.args)).toEqual([{ skyId: id, gazes: BigInt(model.gazes) }])
                }
                const sky = await f.alice.sky.read.skyOf([id])
                expect({ gazes: sky.gazes, lastGaze: sky.lastGaze }).toEqual({
                  gazes: model.gazes,
                  lastGaze: model.last,
                })
              }
            }),
        ),
        runs(30),
      )
    },
    timeout,
  )

  it(
    'skiesOf always lists exactly the skies each wallet holds',
    async () => {
      const op = fc.oneof(
        fc.record({ kind: fc.constant('mint' as const), who: playerIndex }),
        fc.record({ kind: fc.constant('transfer' as const), sky: fc.nat(), to: playerIndex }),
      )
      await fc.assert(
        fc.asyncProperty(playerIndex, fc.array(op, { maxLength: 20 }), (firstMinter, ops) =>
          isolated(async () => {
            const owners: number[] = [] // owners[id - 1]
            for (const o of [{ kind: 'mint' as const, who: firstMinter }, ...ops]) {
              if (o.kind === 'mint') {
                await f.mint(player(o.who), 900 * (owners.length % 8))
                owners.push(o.who)
              } else {
                const index = o.sky % owners.length
                const from = player(owners[index] as number)
                await f.tx(from.sky.write.transferFrom([from.address, player(o.to).address, BigInt(index + 1)]))
                owners[index] = o.to
              }
            }
            for (let p = 1; p <= 5; p++) {
              const expected = owners.flatMap((owner, i) => (owner === p ? [BigInt(i + 1)] : []))
              const [ids, skies] = await f.alice.sky.read.skiesOf([player(p).address])
              expect([...ids].sort((a, b) => Number(a - b))).toEqual(expected)
              for (const [i, skyId] of ids.entries()) {
                expect(skies[i]).toEqual(await f.alice.sky.read.skyOf([skyId]))
              }
            }
          }),
        ),
        runs(30),
      )
    },
    timeout,
  )
})
