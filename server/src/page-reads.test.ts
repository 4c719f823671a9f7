// A sky's read for its page, answered from the last one while what it was made from stands.
import { drizzle } from 'drizzle-orm/pglite'
import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import * as schema from './db/schema'
import { pageReads } from './page-reads'
import { memoryRateLimits } from './rate-limit'
import { shareCards } from './share/cards'
import type { SkyRead } from './skies/reader'

const CHAIN_ID = 31337
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const picture = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`
const tokenUri = (stars: number) =>
  `data:application/json;base64,${Buffer.from(
    JSON.stringify({ image: picture, attributes: [{ trait_type: 'Stars revealed', value: stars }] }),
  ).toString('base64')}`

/** The reads of a sky's page with stand-ins for the chain's reader and the index; `inputs` is what stands now. */
function setup({ limit = 1000 } = {}) {
  let inputs: unknown[] | undefined = [1n, 'sync', null]
  let stars = 0
  const readSky = vi.fn(async (): Promise<SkyRead> => ({ kind: 'found', tokenUri: tokenUri(stars), owner: OWNER }))
  const streakLineOf = vi.fn(async () => undefined)
  const reads = pageReads({
    config: { chainId: CHAIN_ID, contracts: {}, auth: { origins: [], chains: [] } },
    // A sky's reads use no database.
    db: drizzle.mock({ schema }),
    cards: shareCards(),
    readSky,
    skyReads: memoryRateLimits()('sky-reads', { limit, windowMs: 60_000 }),
    clientKey: () => 'client',
    streakLineOf,
    standing: () => inputs,
  })
  const app = new Hono().get('/sky/:id', async (c) => c.json(await reads(c).sky(c.req.param('id'))))
  const page = async (origin = 'http://one.test') =>
    (await app.request(`${origin}/sky/1`)).json() as Promise<{ kind: string; sky?: { tokenUri: string } }>
  return {
    readSky,
    streakLineOf,
    page,
    stand: (now: unknown[] | undefined) => {
      inputs = now
    },
    gaze: () => {
      stars++
    },
  }
}

describe('a sky’s read for its page', () => {
  it('is the last one while what it was made from stands: neither the chain nor the index is asked', async () => {
    const { readSky, streakLineOf, page } = setup()
    const first = await page()
    expect(first.kind).toBe('found')
    expect(await page()).toEqual(first)
    expect(await page()).toEqual(first)
    expect(readSky).toHaveBeenCalledTimes(1)
    expect(streakLineOf).toHaveBeenCalledTimes(1)
  })

  it('is read again once any of it changes: the head, the index’s progress or the clock', async () => {
    const { readSky, page, stand, gaze } = setup()
    const first = await page()
    gaze()
    // The chain moved on, as the reader will learn at its next head.
    stand([2n, 'sync', null])
    const gazed = await page()
    expect(gazed.sky?.tokenUri).not.toBe(first.sky?.tokenUri)
    expect(readSky).toHaveBeenCalledTimes(2)
    stand([2n, 'sync again', null])
    await page()
    stand([2n, 'sync again', Promise.resolve(1)])
    await page()
    expect(readSky).toHaveBeenCalledTimes(4)
  })

  it('is read at each request while something it is made from no longer stands', async () => {
    const { readSky, page, stand } = setup()
    stand(undefined)
    await page()
    await page()
    expect(readSky).toHaveBeenCalledTimes(2)
  })

  it('is kept per origin, as the preview’s addresses name it', async () => {
    const { readSky, page } = setup()
    await page('http://one.test')
    const other = (await page('http://two.test')) as { meta?: { url: string } }
    expect(other.meta?.url).toBe('http://two.test/sky/1')
    expect(readSky).toHaveBeenCalledTimes(2)
  })

  it('still counts every request against the client’s sky reads, and past the limit goes without', async () => {
    const { readSky, page } = setup({ limit: 3 })
    const kinds = []
    for (let i = 0; i < 5; i++) kinds.push((await page()).kind)
    expect(kinds).toEqual(['found', 'found', 'found', 'unread', 'unread'])
    expect(readSky).toHaveBeenCalledTimes(1)
  })
})
