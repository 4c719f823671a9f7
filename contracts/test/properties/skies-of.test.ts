import fc from 'fast-check'
import { expect, it } from 'vitest'
import { useFixture } from '../fixture.ts'
import { PROPERTY_TIMEOUT, useLane } from '../lane.ts'
import { address, playerIndex } from './arbitraries.ts'

const f = useFixture()
const lane = useLane(f)

it(
  'skiesOf always lists exactly the skies each wallet holds',
  async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('mint' as const), who: playerIndex }),
      fc.record({ kind: fc.constant('transfer' as const), sky: fc.nat(), to: playerIndex }),
    )
    const cases = fc.record({ firstMinter: playerIndex, ops: fc.array(op, { maxLength: 20 }) })
    const players = [1, 2, 3, 4, 5]
    await lane.forAll(cases, async ({ firstMinter, ops }) => {
      // Every mint and transfer of the case, in order, in one block.
      const owners: number[] = [] // owners[id - 1]
      for (const o of [{ kind: 'mint' as const, who: firstMinter }, ...ops]) {
        if (o.kind === 'mint') {
          await lane.sendSky(address(f, o.who), 'mint', [900 * (owners.length % 8)])
          owners.push(o.who)
        } else {
          const index = o.sky % owners.length
          const from = address(f, owners[index] as number)
          await lane.sendSky(from, 'transferFrom', [from, address(f, o.to), BigInt(index + 1)])
          owners[index] = o.to
        }
      }
      await lane.mine()
      const { sky } = lane
      const results = await lane.client.multicall({
        allowFailure: false,
        contracts: [
          ...players.map((p) => ({ ...sky, functionName: 'skiesOf' as const, args: [address(f, p)] as const })),
          ...owners.map((_, i) => ({ ...sky, functionName: 'skyOf' as const, args: [BigInt(i + 1)] as const })),
        ],
      })
      const lists = results.slice(0, players.length) as (readonly [readonly bigint[], readonly unknown[]])[]
      const skies = results.slice(players.length)
      for (const [i, [ids, listed]] of lists.entries()) {
        const expected = owners.flatMap((owner, id) => (owner === players[i] ? [BigInt(id + 1)] : []))
        expect([...ids].sort((a, b) => Number(a - b))).toEqual(expected)
        expect(listed).toEqual(ids.map((id) => skies[Number(id) - 1]))
      }
    })
  },
  PROPERTY_TIMEOUT,
)
