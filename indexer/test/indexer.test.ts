import { getDeployment } from '@chainellation/contracts'
import { nightOf, tonightOf } from '@chainellation/contracts/nights'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ActivityJson, BatchJson, CollectorJson, SkiesPageJson, SkyJson } from '../src/api/json.ts'
import { useLocalChain } from './local-chain.ts'
import { startIndexer } from './ponder-process.ts'

const CASSIOPEIA = 3 // five stars
const ids = { rollingHills: 1, comet: 5 }

const c = useLocalChain()

describe('the indexer on a local chain', () => {
  it('agrees with the chain sky by sky after mints, gazes, transfers and layer changes', async () => {
    const [alice, bob, carol] = c.players
    await alice.tx(alice.sky.write.mint([0])) // 1
    await alice.tx(alice.sky.write.mintCustom([0, 10, 200, CASSIOPEIA, 2])) // 2
    await alice.tx(alice.sky.write.mint([3_600])) // 3
    await bob.tx(bob.sky.write.mint([0])) // 4
    await bob.tx(bob.sky.write.mint([-3_600])) // 5
    // Alice completes Cassiopeia in five nights, the first two alongside sky 1 in one transaction.
    for (let night = 0; night < 5; night++) {
      await alice.tx(night < 2 ? alice.sky.write.starGazeMany([[1n, 2n]]) : alice.sky.write.starGaze([2n]))
      await c.nextDay()
    }
    await bob.tx(bob.sky.write.starGaze([4n]))
    await alice.tx(alice.sky.write.transferFrom([alice.account.address, carol.account.address, 1n]))
    await carol.tx(carol.sky.write.starGaze([1n]))
    await alice.tx(alice.comet.write.mint())
    await alice.tx(
      alice.decorations.write.setLayers([
        2n,
        [
          { layer: 1, decorationId: ids.rollingHills, tokenId: 0n },
          { layer: 2, decorationId: ids.comet, tokenId: 1n },
        ],
      ]),
    )
    await bob.tx(bob.decorations.write.setLayers([4n, [{ layer: 1, decorationId: ids.rollingHills, tokenId: 0n }]]))
    await bob.tx(bob.decorations.write.setLayers([4n, [{ layer: 1, decorationId: 0, tokenId: 0n }]]))
    await c.synced()

    const total = Number(await c.player.sky.read.totalSupply())
    expect(total).toBe(5)
    for (let id = 1; id <= total; id++) {
      const skyId = BigInt(id)
      const [chain, owner, layers] = await Promise.all([
        c.player.sky.read.skyOf([skyId]),
        c.player.sky.read.ownerOf([skyId]),
        c.player.decorations.read.layersOf([skyId]),
      ])
      const [, stars] = await c.player.sky.read.constellationInfo([BigInt(chain.constellation)])
      const completed = chain.gazes === Number(stars)
      const { status, body } = await c.indexer.get<SkyJson>(`/skies/${id}`)
      expect(status).toBe(200)
      const layer = (i: number) => {
        const choice = layers[i]
        return choice && choice.decorationId !== 0
          ? { decorationId: choice.decorationId, tokenId: choice.tokenId.toString() }
          : null
      }
      expect(body, `sky ${id}`).toMatchObject({
        id,
        owner,
        tzOffset: chain.tzOffset,
        primaryHue: chain.primaryHue,
        secondaryHue: chain.secondaryHue,
        clouds: chain.clouds,
        starsRevealed: chain.gazes,
        starCount: Number(stars),
        completed,
        // The constellation stays secret until its sky completes it.
        constellation: completed ? chain.constellation : null,
        lastGazeAt: chain.lastGaze === 0 ? null : chain.lastGaze,
        layers: { silhouette: layer(0), sky: layer(1), object: layer(2) },
        // Nights in a row, by the gazes above: sky 2 on five nights running; sky 1 on the first two, then (its new
        // owner) four nights later; sky 4 once; skies 3 and 5 never.
        streak: {
          ...({ 1: { run: 1, longest: 2 }, 2: { run: 5, longest: 5 }, 4: { run: 1, longest: 1 } }[id] ?? {
            run: 0,
            longest: 0,
          }),
          lastNight: chain.lastGaze === 0 ? null : nightOf(chain.lastGaze, chain.tzOffset),
        },
      })
    }

    // Each collector's figures, from the chain's own reads and the gazes each one made above.
    const made = new Map([
      [alice.account.address, { gazes: 7, completions: 1 }],
      [bob.account.address, { gazes: 1, completions: 0 }],
      [carol.account.address, { gazes: 1, completions: 0 }],
    ])
    for (const [address, actions] of made) {
      const held = (
        await Promise.all(Array.from({ length: total }, (_, i) => c.player.sky.read.ownerOf([BigInt(i + 1)])))
      )
        .map((owner, i) => ({ owner, id: BigInt(i + 1) }))
        .filter((s) => s.owner === address)
      const skies = await Promise.all(held.map((s) => c.player.sky.read.skyOf([s.id])))
      const completedSkies = (
        await Promise.all(
          skies.map(
            async (s) => s.gazes === Number((await c.player.sky.read.constellationInfo([BigInt(s.constellation)]))[1]),
          ),
        )
      ).filter(Boolean).length
      const { body } = await c.indexer.get<CollectorJson>(`/collectors/${address}`)
      expect(body, address).toEqual({
        address,
        skies: Number(await c.player.sky.read.balanceOf([address])),
        starsRevealed: skies.reduce((sum, s) => sum + s.gazes, 0),
        completedSkies,
        ...actions,
      })
    }

    const feed: ActivityJson[] = []
    for (let before = ''; ; ) {
      const { body } = await c.indexer.get<{ activity: ActivityJson[]; next: string | null }>(
        `/activity?limit=4${before && `&before=${before}`}`,
      )
      feed.push(...body.activity)
      if (!body.next) break
      before = body.next
    }
    const kinds: Record<string, number> = {}
    for (const { kind } of feed) kinds[kind] = (kinds[kind] ?? 0) + 1
    expect(kinds).toEqual({ mint: 5, gaze: 8, completed: 1, transfer: 1, decoration: 1, layers: 3 })
    expect(new Set(feed.map((a) => a.id)).size).toBe(feed.length)
    expect(feed.map((a) => a.id)).toEqual([...feed.map((a) => a.id)].sort().reverse())
    expect(feed.find((a) => a.kind === 'completed')).toMatchObject({ skyId: 2, constellation: CASSIOPEIA })

    // The registry's six decorations, with the one Comet bought.
    const contracts = getDeployment(31337)?.contracts
    const { body } = await c.indexer.get<{ decorations: { id: number; address: string; purchases: number }[] }>(
      '/decorations',
    )
    expect(body.decorations.map((d) => [d.id, d.address, d.purchases])).toEqual([
      [1, contracts?.RollingHills, 0],
      [2, contracts?.CrescentMoon, 0],
      [3, contracts?.Telescope, 0],
      [4, contracts?.Lighthouse, 0],
      [5, contracts?.Comet, 1],
      [6, contracts?.Campfire, 0],
    ])
  })

  it('sorts, filters and searches the skies as the chain says', async () => {
    const list = async (query: string) =>
      (await c.indexer.get<SkiesPageJson>(`/skies?${query}`)).body.skies.map((s) => s.id)
    expect(await list('')).toEqual([5, 4, 3, 2, 1])
    expect(await list('sort=oldest&limit=2')).toEqual([1, 2])
    expect(await list('sort=oldest&limit=2&page=3')).toEqual([5])
    expect((await c.indexer.get<SkiesPageJson>('/skies?sort=oldest&limit=2&page=2')).body.next).toBe(3)
    expect((await c.indexer.get<SkiesPageJson>('/skies?sort=oldest&limit=2&page=3')).body.next).toBeNull()
    expect(await list('sort=oldest&limit=2&page=4')).toEqual([])
    expect(await list('sort=gazes')).toEqual([2, 1, 4, 5, 3])
    expect(await list('sort=recent')).toEqual(await recentOrder())
    expect(await list('completed=true')).toEqual([2])
    expect(await list('decorated=true')).toEqual([2])
    expect(await list(`owner=${c.players[2]?.account.address.toLowerCase()}`)).toEqual([1])
    expect(await list(`q=${c.players[1]?.account.address}`)).toEqual([5, 4])
    expect(await list('q=%233')).toEqual([3])
    expect(await list('tz=-3600')).toEqual([5])
    const nights = await Promise.all([1n, 2n, 3n, 4n, 5n].map((id) => c.player.sky.read.isNight([id])))
    expect(await list('night=true')).toEqual([5, 4, 3, 2, 1].filter((id) => nights[id - 1]))
    expect(await list('night=false')).toEqual([5, 4, 3, 2, 1].filter((id) => !nights[id - 1]))
    // Longest streak now: the runs that still stand by the chain's clock, longest first. Sky 2's five nights ended the
    // night before the chain's day now; skies 4 and 1 were gazed on the last night, once each.
    const now = Number((await c.player.client.getBlock()).timestamp)
    const stands = (id: number, lastNight: number, tz: number) => (lastNight >= tonightOf(now, tz) - 1 ? [id] : [])
    const skies = await Promise.all([1n, 2n, 4n].map((id) => c.player.sky.read.skyOf([id])))
    const [one, two, four] = skies.map((s) => ({ night: nightOf(s.lastGaze, s.tzOffset), tz: s.tzOffset }))
    expect(await list('sort=streak')).toEqual([
      ...stands(2, two?.night ?? 0, two?.tz ?? 0),
      ...stands(4, four?.night ?? 0, four?.tz ?? 0),
      ...stands(1, one?.night ?? 0, one?.tz ?? 0),
    ])
    expect(await list('sort=streak')).toContain(4)
    // The leaderboard by streak: each collector by the longest of its skies' standing runs.
    const [alice, bob, carol] = c.players
    const runs = [
      { address: alice?.account.address, streak: 5, stands: stands(2, two?.night ?? 0, two?.tz ?? 0).length > 0 },
      { address: bob?.account.address, streak: 1, stands: stands(4, four?.night ?? 0, four?.tz ?? 0).length > 0 },
      { address: carol?.account.address, streak: 1, stands: stands(1, one?.night ?? 0, one?.tz ?? 0).length > 0 },
    ]
      .filter((run) => run.stands)
      .sort(
        (a, b) => b.streak - a.streak || String(a.address).toLowerCase().localeCompare(String(b.address).toLowerCase()),
      )
      .map(({ address, streak }) => ({ address, streak }))
    const board = await c.indexer.get<{ collectors: { address: string; streak: number }[] }>('/leaderboard?by=streak')
    expect(board.body.collectors.map(({ address, streak }) => ({ address, streak }))).toEqual(runs)
    // Two days on, no run stands (once the routes read the chain's clock again: they keep it for a second).
    await c.nextDay()
    await c.nextDay()
    await c.synced()
    await expect.poll(() => list('sort=streak')).toEqual([])
    expect((await c.indexer.get<{ collectors: unknown[] }>('/leaderboard?by=streak')).body.collectors).toEqual([])
    const { body } = await c.indexer.get<{ collectors: { address: string }[] }>('/leaderboard?by=completed')
    expect(body.collectors.map((collector) => collector.address)).toEqual([c.players[0]?.account.address])

    // Reads in one /batch are answered as each is alone, skies' histories (which share one query) among them.
    const batch = [
      '/activity?limit=2&skyId=2',
      '/activity?skyId=5',
      '/skies?sort=gazes',
      '/activity?limit=2&skyId=1',
      '/activity?limit=2&skyId=2',
      '/skies/99',
      '/activity?skyId=262144',
      '/activity?skyId=70000',
      '/activity?skyId=3&before=1',
    ]
    const together = await c.indexer.get<BatchJson>(
      `/batch?${new URLSearchParams(batch.map((read): [string, string] => ['read', read]))}`,
    )
    const alone = await Promise.all(
      batch.map(async (read) => {
        const res = await fetch(`${c.indexer.url}${read}`)
        return { status: res.status, text: await res.text() }
      }),
    )
    expect(together.body.answers).toEqual(alone)
    expect(alone.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 404, 400, 200, 200])
  })

  it('answers bad input with a 400 and a sentence, never a 5xx', async () => {
    const cases = [
      '/skies?sort=cheapest',
      '/skies?owner=0x1234',
      '/skies?limit=1000',
      '/skies?limit=0',
      '/skies?page=-1',
      '/skies?night=yes',
      '/skies?tz=100',
      '/skies?q=vitalik.eth',
      '/skies?colour=blue',
      '/skies/0',
      '/skies/abc',
      '/activity?before=abc',
      '/activity?skyId=262144',
      '/skies/262144',
      '/activity?address=nope',
      '/collectors/0xnope',
      '/leaderboard?by=wealth',
      '/batch',
      '/batch?read=/ready',
      '/batch?read=/skies&page=2',
      `/batch?${new URLSearchParams(Array.from({ length: 33 }, (): [string, string] => ['read', '/skies']))}`,
    ]
    for (const path of cases) {
      const { status, body } = await c.indexer.get<{ error: string }>(path)
      expect(status, path).toBe(400)
      expect(body.error, path).toMatch(/^[A-Z`a-z].+\.$/)
    }
    expect((await c.indexer.get('/skies/99')).status).toBe(404)
    // Ids past 65,535 are the contract's too (its 18-bit sky links; docs/decisions/sky-storage.md).
    expect((await c.indexer.get('/skies/70000')).status).toBe(404)
    expect(await c.indexer.get('/activity?skyId=70000')).toMatchObject({ status: 200, body: { activity: [] } })
  })

  it('never answers a 5xx, whatever the query string', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String),
      fc.constantFrom('true', 'false', 'newest', 'recent', 'completed', '#1', `0x${'ab'.repeat(20)}`, '', '%00'),
    )
    const name = fc.constantFrom(
      'sort',
      'night',
      'tz',
      'completed',
      'decorated',
      'owner',
      'q',
      'page',
      'limit',
      'before',
      'skyId',
      'address',
      'by',
      'read',
      'x',
    )
    const path = fc.constantFrom(
      '/skies',
      '/activity',
      '/leaderboard',
      '/skies/1',
      '/collectors/0xab',
      '/decorations',
      '/batch',
    )
    await fc.assert(
      fc.asyncProperty(path, fc.array(fc.tuple(name, value), { maxLength: 4 }), async (route, params) => {
        const { status } = await c.indexer.get(`${route}?${new URLSearchParams(params)}`)
        expect([200, 400, 404]).toContain(status)
      }),
      { numRuns: 300 },
    )
  })

  it('rolls back a reorg', async () => {
    const [, bob] = c.players
    const snapshot = await c.player.client.snapshot()
    await bob.tx(bob.sky.write.mint([0]))
    await c.synced()
    expect((await c.indexer.get<SkyJson>('/skies/6')).status).toBe(200)
    await c.player.client.revert({ id: snapshot })
    // A longer chain without the mint replaces the one the indexer saw.
    await c.player.client.mine({ blocks: 3 })
    await c.synced()
    expect((await c.indexer.get('/skies/6')).status).toBe(404)
    expect((await c.indexer.get<SkiesPageJson>('/skies')).body.skies.map((s) => s.id)).toEqual([5, 4, 3, 2, 1])
    const { body } = await c.indexer.get<{ activity: ActivityJson[] }>('/activity?limit=100')
    expect(body.activity.filter((a) => a.kind === 'mint')).toHaveLength(5)
    expect((await c.indexer.get<CollectorJson>(`/collectors/${bob.account.address}`)).body.skies).toBe(2)
  })

  it('resumes after a restart without indexing again what it had', async () => {
    // Ponder keeps what it indexed up to the finalized block (30 blocks deep on this chain) and indexes the rest
    // again on restart; make every event so far final.
    await c.player.client.mine({ blocks: 31 })
    await c.synced()
    await c.indexer.stop()
    const [alice] = c.players
    await alice.tx(alice.sky.write.mint([0]))
    c.indexer = await startIndexer(c.anvil.rpcUrl, c.dataDir)
    await c.synced()
    // Stopped as an operator stops it, it released its schema lock: the new run did not wait for the lock to expire.
    expect(c.indexer.output.filter((line) => line.includes('Schema is locked'))).toEqual([])
    expect((await c.indexer.get<SkiesPageJson>('/skies')).body.skies.map((s) => s.id)).toEqual([6, 5, 4, 3, 2, 1])
    const metrics = (await c.indexer.get<string>('/metrics')).body
    const minted = metrics.match(/ponder_indexing_completed_events\{[^}]*event="Chainellation:SkyMinted"[^}]*\} (\d+)/)
    // Only the mint made while it was stopped: the five before were kept, not indexed again.
    expect(Number(minted?.[1])).toBe(1)
  })
})

/** Skies by their last gaze, latest first, never-gazed last, from the chain. */
async function recentOrder(): Promise<number[]> {
  const skies = await Promise.all([1n, 2n, 3n, 4n, 5n].map((id) => c.player.sky.read.skyOf([id])))
  return skies
    .map((s, i) => ({ id: i + 1, at: s.lastGaze }))
    .sort((a, b) => {
      if (a.at === 0 || b.at === 0) return a.at === b.at ? b.id - a.id : a.at === 0 ? 1 : -1
      return b.at - a.at || b.id - a.id
    })
    .map((s) => s.id)
}
