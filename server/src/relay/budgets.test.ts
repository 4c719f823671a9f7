import { eq } from 'drizzle-orm'
import { parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { useRelayDatabase } from '../../test/relay'
import { relayTransactions, relayWelcomes } from '../db/schema'
import {
  type RelayBudgets,
  type Reservation,
  release,
  reserve,
  settle,
  spent,
  standingOf,
  unwelcome,
  utcDay,
  welcome,
} from './budgets'

const database = useRelayDatabase()

const budgets: RelayBudgets = {
  playerWei: 1_000n,
  clientWei: 2_500n,
  allWei: 4_000n,
  newcomersWei: 2_000n,
  newPlayersPerMinute: 3,
}
const alice = { player: '0x00000000000000000000000000000000000a11ce', client: 'client-1' } as const
const bob = { player: '0x0000000000000000000000000000000000000b0b', client: 'client-1' } as const
const carol = { player: '0x00000000000000000000000000000000000ca401', client: 'client-2' } as const
const NOON = new Date('2026-11-29T12:00:00Z')

const ok = (result: Reservation | { code: string }) => {
  if ('code' in result) throw new Error(`refused: ${JSON.stringify(result)}`)
  return result
}

describe('the relayer’s daily budgets', () => {
  it('reserve on the player’s, the client’s and the relayer’s budget at once', async () => {
    ok(await reserve(database.db, budgets, alice, 400n, NOON))
    ok(await reserve(database.db, budgets, alice, 600n, NOON))
    expect(await spent(database.db, 'player', alice.player, NOON)).toEqual({ wei: 1_000n, requests: 2 })
    expect(await spent(database.db, 'client', 'client-1', NOON)).toEqual({ wei: 1_000n, requests: 2 })
    expect(await spent(database.db, 'all', '', NOON)).toEqual({ wei: 1_000n, requests: 2 })
  })

  it('refuse a player past their budget, saying how much and when it starts again, and count nothing of it', async () => {
    ok(await reserve(database.db, budgets, alice, 900n, NOON))
    const refused = await reserve(database.db, budgets, alice, 200n, NOON)
    expect(refused).toMatchObject({ code: 'budget' })
    expect((refused as { message: string }).message).toMatch(
      /^You have used the gas the game pays for you today \(0\.000000000000001 ETH\); it pays again from midnight UTC\. You can still send it from your wallet/,
    )
    expect(await spent(database.db, 'client', 'client-1', NOON)).toEqual({ wei: 900n, requests: 1 })
    expect(await spent(database.db, 'all', '', NOON)).toEqual({ wei: 900n, requests: 1 })
    // The next player on the same client still has theirs.
    ok(await reserve(database.db, budgets, bob, 1_000n, NOON))
  })

  it('refuse a client past its budget, and everyone past the relayer’s, on none of the three', async () => {
    ok(await reserve(database.db, budgets, alice, 1_000n, NOON))
    ok(await reserve(database.db, budgets, bob, 1_000n, NOON))
    const byClient = await reserve(database.db, budgets, { ...alice, player: carol.player }, 600n, NOON)
    expect((byClient as { message: string }).message).toMatch(/^Your network has used the gas/)
    expect(await spent(database.db, 'player', carol.player, NOON)).toEqual({ wei: 0n, requests: 0 })
    ok(await reserve(database.db, budgets, carol, 1_000n, NOON))
    const someone = (n: number) => ({ player: `0x${n.toString(16).padStart(40, '0')}` as const, client: `client-${n}` })
    ok(await reserve(database.db, budgets, someone(3), 900n, NOON))
    const byAll = await reserve(database.db, budgets, someone(4), 200n, NOON)
    expect((byAll as { message: string }).message).toMatch(/^The game has paid all the gas it pays for today/)
    expect(await spent(database.db, 'all', '', NOON)).toEqual({ wei: 3_900n, requests: 4 })
    expect(await spent(database.db, 'client', 'client-4', NOON)).toEqual({ wei: 0n, requests: 0 })
  })

  it('never spend past a budget together, however many reserve at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () => reserve(database.db, { ...budgets, playerWei: 10_000n }, alice, 300n, NOON)),
    )
    // The client's 2,500 hold eight of 300.
    expect(results.filter((r) => !('code' in r))).toHaveLength(8)
    expect(await spent(database.db, 'client', 'client-1', NOON)).toEqual({ wei: 2_400n, requests: 8 })
  })

  it('settle at what the request cost, give back one never sent, and start again the next UTC day', async () => {
    const first = ok(await reserve(database.db, budgets, alice, 1_000n, NOON))
    await settle(database.db, first, 350n)
    expect(await spent(database.db, 'player', alice.player, NOON)).toEqual({ wei: 350n, requests: 1 })
    const second = ok(await reserve(database.db, budgets, alice, 650n, NOON))
    await release(database.db, second)
    expect(await spent(database.db, 'all', '', NOON)).toEqual({ wei: 350n, requests: 1 })
    const tomorrow = new Date('2026-11-30T00:00:00Z')
    expect(utcDay(tomorrow)).toBe('2026-11-30')
    ok(await reserve(database.db, budgets, alice, 1_000n, tomorrow))
    expect(await spent(database.db, 'player', alice.player, NOON)).toEqual({ wei: 350n, requests: 1 })
  })

  it('count a day’s spending in wei beyond what a JavaScript number holds', async () => {
    const thousand = parseEther('1000')
    const big = { ...budgets, playerWei: thousand, clientWei: thousand, allWei: thousand, newcomersWei: thousand }
    ok(await reserve(database.db, big, alice, parseEther('0.123456789012345678'), NOON))
    ok(await reserve(database.db, big, alice, 1n, NOON))
    expect((await spent(database.db, 'player', alice.player, NOON)).wei).toBe(parseEther('0.123456789012345679'))
  })

  it('hold players new today to their share of the day, and keep the rest for returning players', async () => {
    const someone = (n: number) => ({ player: `0x${n.toString(16).padStart(40, '0')}` as const, client: `client-${n}` })
    ok(await reserve(database.db, budgets, someone(1), 1_000n, NOON, 'today'))
    ok(await reserve(database.db, budgets, someone(2), 1_000n, NOON, 'today'))
    const over = await reserve(database.db, budgets, someone(3), 1n, NOON, 'today')
    expect(over).toMatchObject({ code: 'budget', reason: 'budget-newcomers' })
    expect((over as { message: string }).message).toMatch(/keeps the rest for those who have played before/)
    // What is kept back is a returning player's, up to the day's budget.
    ok(await reserve(database.db, budgets, someone(4), 1_000n, NOON, 'returning'))
    ok(await reserve(database.db, budgets, someone(5), 1_000n, NOON, 'returning'))
    expect(await spent(database.db, 'newcomers', '', NOON)).toEqual({ wei: 2_000n, requests: 2 })
    expect(await spent(database.db, 'all', '', NOON)).toEqual({ wei: 4_000n, requests: 4 })
  })

  it('take on a few new players in any minute across the game, and take back a place not used', async () => {
    const second = (s: number) => new Date(NOON.getTime() + s * 1000)
    const player = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const
    const place = async (n: number, at: Date) => {
      const taken = await welcome(database.db, 1, player(n), budgets, at)
      if ('code' in taken) throw new Error(taken.message)
      return taken.place
    }
    await place(1, second(0))
    const unused = await place(2, second(20))
    await place(3, second(30))
    // Three places in the minute before 0:59: refused, until the first frees its place at 1:00.
    const full = await welcome(database.db, 1, player(4), budgets, second(59))
    expect(full).toMatchObject({ code: 'budget', reason: 'new-players' })
    expect((full as { message: string }).message).toMatch(
      /^The game is welcoming as many new players as it can this minute: try again in 1 second\./,
    )
    // A place given back is free again; another chain's places are its own.
    await unwelcome(database.db, unused)
    await place(4, second(59))
    await place(5, second(59))
      .then(() => expect.unreachable('a fourth place in the minute'))
      .catch((error: Error) => expect(error.message).toMatch(/as many new players/))
    expect(await welcome(database.db, 2, player(6), budgets, second(59))).toMatchObject({ place: expect.any(Number) })
    await place(7, second(61))
    // Places older than a minute are cleared as new ones are taken.
    expect(await database.db.select().from(relayWelcomes).where(eq(relayWelcomes.chainId, 1))).toHaveLength(3)
  })

  it('count a player as new, today’s or returning from what the relayer sent for them', async () => {
    const player = '0x00000000000000000000000000000000000000aa' as const
    const record = (createdAt: Date, status: 'sent' | 'mined') =>
      database.db.insert(relayTransactions).values({
        chainId: 1,
        relayer: '0x1',
        nonce: createdAt.getTime() % 1_000_000,
        player,
        requestNonce: '0',
        signature: `0x${createdAt.getTime().toString(16)}`,
        call: 'Chainellation.mint',
        raw: '0x',
        hash: '0x',
        hashes: [],
        maxFeePerGas: '1',
        maxPriorityFeePerGas: '1',
        gasLimit: '1',
        reservation: { day: '', rows: [] },
        reservedWei: '1',
        status,
        createdAt,
        broadcastAt: createdAt,
      })
    expect(await standingOf(database.db, 1, player, NOON)).toBe('new')
    await record(new Date('2026-11-28T23:59:00Z'), 'sent')
    // Sent yesterday and never mined is not played.
    expect(await standingOf(database.db, 1, player, NOON)).toBe('today')
    await record(new Date('2026-11-28T23:59:30Z'), 'mined')
    expect(await standingOf(database.db, 1, player, NOON)).toBe('returning')
    expect(await standingOf(database.db, 2, player, NOON)).toBe('new')
  })
})
