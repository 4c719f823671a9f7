// Link previews of the pages of a sky and of a draft, read from the game's contracts deployed on anvil.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { tonightOf } from '@chainellation/contracts/nights'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CHAIN_ID, expectCard, useShareGame } from '../../test/share-game'
import { svgOf } from '../skies/picture'
import { shareCards } from './cards'
import { skyWords } from './words'

const game = useShareGame()

describe('the previews of the pages of a sky and of a draft', () => {
  const head = '<head><meta name="description" content="An on-chain game." /><title>chainellation</title></head>'
  const template = (picture: boolean) =>
    `<!doctype html><html>${head}<body><div id="root" data-prerendered="/sky/9007199254740991">${
      picture ? '<img src="data:image/svg+xml;base64,U0tZLVBJQ1RVUkU=">' : '<p>Reading the sky…</p>'
    }</div></body></html>`
  let webDist: string
  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'share-pages-'))
    writeFileSync(join(webDist, 'index.html'), `<!doctype html><html>${head}<body>index</body></html>`)
    writeFileSync(join(webDist, 'shell.html'), `<!doctype html><html>${head}<body>shell</body></html>`)
    writeFileSync(join(webDist, '_sky.html'), template(false))
    writeFileSync(join(webDist, '_sky-picture.html'), template(true))
  })
  afterAll(() => rmSync(webDist, { recursive: true, force: true }))

  /** The content of each `<meta>` of a page by property or name. */
  const metaOf = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    )

  it('tells a sky’s preview its title, traits and card, whose URL answers the PNG', async () => {
    const app = game.appReading(game.rpcUrl, { webDist })
    const res = await app.request(`http://chainellation.test/sky/${game.skyId}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const meta = metaOf(html)
    expect(meta['og:title']).toBe(`Night sky #${game.skyId}`)
    expect(meta['og:url']).toBe(`http://chainellation.test/sky/${game.skyId}`)
    expect(meta['og:description']).toMatch(
      /^A night sky over UTC\+01:00, drawn and kept on-chain: no star revealed yet/,
    )
    expect(meta.description).toBe(meta['og:description'])
    expect(meta['twitter:card']).toBe('summary_large_image')
    expect(html).toContain(`<title>chainellation — Night sky #${game.skyId}</title>`)
    const image = new URL(meta['og:image'] as string)
    expect(`${image.origin}${image.pathname}`).toBe(
      `http://chainellation.test/api/skies/${CHAIN_ID}/${game.skyId}/card.png`,
    )
    expect(meta['twitter:image']).toBe(image.href)
    const card = await app.request(image.href)
    await expectCard(card)
    expect(card.headers.get('ETag')).toBe(`"${image.searchParams.get('v')}"`)
    expect(card.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  })

  it('puts the sky’s streak from the index on its card, under the version its preview names', async () => {
    // A stand-in for the index: a sky gazed two nights running, the last of them tonight by the chain's clock.
    const now = Number((await game.chain.getBlock()).timestamp)
    const index = createServer((req, res) => {
      const json = (body: unknown) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (req.url === '/sync') return json({ ready: true, indexedBlock: 1, headBlock: 1, behind: 0, chainId: CHAIN_ID })
      if (req.url === `/skies/${game.skyId}`)
        return json({
          tzOffset: 3600,
          completed: false,
          streak: { run: 2, longest: 2, lastNight: tonightOf(now, 3600) },
        })
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no"}')
    })
    await new Promise<void>((resolve) => index.listen(0, '127.0.0.1', resolve))
    try {
      const indexerUrl = `http://127.0.0.1:${(index.address() as AddressInfo).port}`
      const cards = shareCards()
      const app = game.appReading(game.rpcUrl, { webDist, indexerUrl }, cards)
      const image = new URL(
        metaOf(await (await app.request(`http://chainellation.test/sky/${game.skyId}`)).text())['og:image'] as string,
      )
      const card = await app.request(image.href)
      await expectCard(card)
      const metadata = await game.chainMetadata(game.skyId)
      const text = skyWords(String(game.skyId), metadata.traits, 'Streak: 2 nights in a row').card
      expect(card.headers.get('ETag')).toBe(cards.etagOf({ skySvg: svgOf(metadata.picture), text }))
      expect(card.headers.get('ETag')).toBe(`"${image.searchParams.get('v')}"`)
      expect(card.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    } finally {
      await new Promise((resolve) => index.close(resolve))
    }
  })

  it('builds absolute URLs on the configured public origin', async () => {
    const app = game.appReading(game.rpcUrl, { webDist, publicOrigin: 'https://chainellation.example' })
    const meta = metaOf(await (await app.request(`http://127.0.0.1:8787/sky/${game.skyId}`)).text())
    expect(meta['og:url']).toBe(`https://chainellation.example/sky/${game.skyId}`)
    expect(meta['og:image']).toMatch(/^https:\/\/chainellation\.example\/api\/skies\/31337\/\d+\/card\.png\?v=/)
  })

  it('answers 404 with the generic head for a sky no one minted, or an address no sky can have', async () => {
    const app = game.appReading(game.rpcUrl, { webDist })
    for (const path of ['/sky/99', '/sky/0', '/sky/abc']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(404)
      const html = await res.text()
      expect(html, path).toContain(head)
      expect(html, path).not.toContain('og:')
    }
  })

  it('previews a sky by its number alone when the chain does not answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await game.appReading(game.closedUrl, { webDist }).request(`/sky/${game.skyId}`)
    expect(res.status).toBe(200)
    const meta = metaOf(await res.text())
    expect(meta['og:title']).toBe(`Night sky #${game.skyId}`)
    expect(meta['og:image']).toBe(`http://localhost/api/skies/${CHAIN_ID}/${game.skyId}/card.png`)
  })

  it('tells a draft’s preview its name, what it dresses and its card', async () => {
    const app = game.appReading(game.rpcUrl, { webDist })
    const draft = await game.newDraft('Hills & "moon"')
    const res = await app.request(`/draft/${draft.id}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const meta = metaOf(html)
    expect(meta['og:title']).toBe('Hills &#38; &#34;moon&#34;')
    expect(meta['og:description']).toBe(
      `A composition for night sky #${game.skyId}, saved as a draft on chainellation and not applied on chain.`,
    )
    expect(meta['og:url']).toBe(`http://localhost/draft/${draft.id}`)
    expect(meta['og:image']).toBe(`http://localhost/api/drafts/${draft.id}/card.png?v=${draft.updatedAt.getTime()}`)
    await expectCard(await app.request(meta['og:image'] as string))
  })

  it('answers 404 with the generic head for a draft that is not there', async () => {
    const app = game.appReading(game.rpcUrl, { webDist })
    for (const path of [`/draft/${'A'.repeat(22)}`, '/draft/short', '/draft/%3Cscript%3E']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(404)
      expect(await res.text(), path).toBe(`<!doctype html><html>${head}<body>shell</body></html>`)
    }
  })
})
