// Share cards drawn from the game's contracts deployed on anvil, as the local stack deploys them: a sky's, a draft's.
import { anvil as anvilChain } from 'viem/chains'
import { describe, expect, it, vi } from 'vitest'
import { CHAIN_ID, errorOf, expectCard, minter, useShareGame } from '../../test/share-game'
import { deleteDraft } from '../drafts/store'
import { composedSkyReader } from '../skies/composition'
import { svgOf } from '../skies/picture'
import { shareCards } from './cards'
import { skyWords } from './words'

const game = useShareGame()

describe('GET /api/skies/:chainId/:skyId/card.png', () => {
  const path = (id: bigint | string) => `/api/skies/${CHAIN_ID}/${id}/card.png`

  it('draws the sky the chain draws into a 1200×630 PNG once, and serves it again from the cache', async () => {
    const cards = shareCards()
    const app = game.appReading(game.rpcUrl, {}, cards)
    const first = await app.request(path(game.skyId))
    const png = await expectCard(first)
    const etag = first.headers.get('ETag')
    // The tag is the key of what was drawn: the chain's own SVG of the sky, with the words of its traits.
    const metadata = await game.chainMetadata(game.skyId)
    expect(etag).toBe(
      cards.etagOf({ skySvg: svgOf(metadata.picture), text: skyWords(String(game.skyId), metadata.traits).card }),
    )
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=300')

    const again = await app.request(path(game.skyId))
    expect(again.headers.get('ETag')).toBe(etag)
    expect(Buffer.from(await again.arrayBuffer()).equals(png)).toBe(true)
    expect(cards.stats()).toMatchObject({ renders: 1, hits: 1, entries: 1 })
  })

  it('answers 304 to a client holding the card, and lets a URL naming its tag be kept for good', async () => {
    const cards = shareCards()
    const app = game.appReading(game.rpcUrl, {}, cards)
    const etag = (await app.request(path(game.skyId))).headers.get('ETag') as string
    for (const held of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await app.request(path(game.skyId), { headers: { 'If-None-Match': held } })
      expect(res.status, held).toBe(304)
      expect(res.headers.get('ETag')).toBe(etag)
      expect(await res.text()).toBe('')
    }
    expect((await app.request(path(game.skyId), { headers: { 'If-None-Match': '"other"' } })).status).toBe(200)
    const named = await app.request(`${path(game.skyId)}?v=${etag.slice(1, -1)}`)
    expect(named.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const outdated = await app.request(`${path(game.skyId)}?v=earlier`)
    expect(outdated.headers.get('Cache-Control')).toBe('public, max-age=300')
    expect(cards.stats().renders).toBe(1)
  })

  it('keeps no more cards than its bound', async () => {
    const cards = shareCards({ bounds: { maxEntries: 1, maxBytes: 10_000_000 } })
    const app = game.appReading(game.rpcUrl, {}, cards)
    await expectCard(await app.request(path(game.skyId)))
    await expectCard(await app.request(path(game.bareSkyId)))
    expect(cards.stats()).toMatchObject({ renders: 2, entries: 1 })
    await expectCard(await app.request(path(game.skyId)))
    expect(cards.stats()).toMatchObject({ renders: 3, entries: 1 })
  })

  it.each([['0'], ['99']])('answers 404 with a sentence for sky #%s, which no one minted', async (id) => {
    const res = await game.appReading(game.rpcUrl).request(path(id))
    expect(res.status).toBe(404)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(await errorOf(res)).toBe(`There is no night sky #${id} on this chain.`)
  })

  it.each(['abc', '-1', '01', '1.5', '9'.repeat(79)])(
    'refuses sky id %j with 400 without asking the chain',
    async (id) => {
      const res = await game.appReading(game.closedUrl).request(path(encodeURIComponent(id)))
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatch(/^The sky id /)
    },
  )

  it('answers 404 for a chain the server does not read', async () => {
    const res = await game.appReading(game.rpcUrl).request(`/api/skies/1/${game.skyId}/card.png`)
    expect(res.status).toBe(404)
    expect(await errorOf(res)).toBe('This server does not read chain 1; it reads Anvil (31337).')
  })

  it('answers 503 with a sentence and Retry-After when the chain does not answer', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await game.appReading(game.closedUrl).request(path(game.skyId))
    expect(res.status).toBe(503)
    expect(res.headers.get('Retry-After')).toBe('5')
    expect(await errorOf(res)).toBe('The chain did not answer; try again.')
    expect(logged).toHaveBeenCalledOnce()
  })

  it('counts each card with the client’s sky reads, answering 429 past the limit', async () => {
    const app = game.appReading(game.rpcUrl, { skyReads: { limit: 2, windowMs: 60_000 } })
    expect((await app.request(path(game.skyId))).status).toBe(200)
    expect((await app.request(`/api/skies/${CHAIN_ID}/${game.skyId}`)).status).toBe(200)
    const refused = await app.request(path(game.skyId))
    expect(refused.status).toBe(429)
    expect(await errorOf(refused)).toMatch(/^Too many sky reads from your address/)
  })
})

describe('GET /api/drafts/:id/card.png', () => {
  const path = (id: string) => `/api/drafts/${id}/card.png`

  it('draws the sky with the draft’s layers exactly as the chain draws them once applied', async () => {
    // The sky holds these very layers: the port of the renderer, fed what the chain holds, draws the chain's SVG.
    const read = await composedSkyReader([{ chain: anvilChain, rpcUrl: game.rpcUrl }])(
      CHAIN_ID,
      game.skyId,
      game.skyLayers,
    )
    expect(read.kind).toBe('found')
    if (read.kind !== 'found') return
    expect(read.svg).toBe(svgOf((await game.chainMetadata(game.skyId)).picture))
    expect(read.svg.match(/<image href="data:image\/svg\+xml;base64,/g)).toHaveLength(3)
  })

  it('answers the card of a draft, and a new card once the draft changes', async () => {
    const cards = shareCards()
    const app = game.appReading(game.rpcUrl, {}, cards)
    const draft = await game.newDraft('Hills under the moon')
    const first = await app.request(path(draft.id))
    await expectCard(first)
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=300')
    const bare = await game.newDraft('Hills under the moon', game.skyLayers, String(game.bareSkyId))
    const other = await app.request(path(bare.id))
    await expectCard(other)
    expect(other.headers.get('ETag')).not.toBe(first.headers.get('ETag'))
    expect((await app.request(path(draft.id))).headers.get('ETag')).toBe(first.headers.get('ETag'))
    expect(cards.stats()).toMatchObject({ renders: 2, hits: 1 })
  })

  it('answers 404 with a sentence for a draft that is not there, or cannot be drawn', async () => {
    const app = game.appReading(game.rpcUrl)
    const deleted = await game.newDraft('gone')
    await deleteDraft(game.db, deleted.id, minter.address)
    const cases: [string, string][] = [
      ['A'.repeat(22), 'There is no draft at this address; it may have been deleted.'],
      ['short', 'There is no draft at this address; it may have been deleted.'],
      [deleted.id, 'There is no draft at this address; it may have been deleted.'],
      [
        (await game.newDraft('nowhere', game.skyLayers, null)).id,
        'This draft dresses no sky, so there is no picture of it.',
      ],
      [(await game.newDraft('unminted', game.skyLayers, '99')).id, 'The sky this draft dresses does not exist.'],
    ]
    for (const [id, error] of cases) {
      const res = await app.request(path(id))
      expect(res.status, id).toBe(404)
      expect(await errorOf(res)).toBe(error)
    }
  })

  it('answers 503 with a sentence when the chain does not answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const draft = await game.newDraft('offline')
    const res = await game.appReading(game.closedUrl).request(path(draft.id))
    expect(res.status).toBe(503)
    expect(await errorOf(res)).toBe('The chain did not answer; try again.')
  })
})
