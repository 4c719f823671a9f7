// Share cards and link previews against the game's contracts deployed on anvil, as the local stack deploys them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chainellationAbi, decorationsAbi } from '@chainellation/contracts'
import { type Anvil, freePort, startAnvil } from '@chainellation/contracts/anvil'
import { deployAll } from '@chainellation/contracts/deploy'
import { tonightOf } from '@chainellation/contracts/nights'
import { anvilAccount } from '@chainellation/contracts/safe'
import { type Address, createPublicClient, createWalletClient, http } from 'viem'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openTestDatabase } from '../../test/database'
import { createApp } from '../app'
import type { AppConfig } from '../config'
import type { DatabaseHandle } from '../db'
import type { DraftLayer } from '../db/schema'
import { createDraft, deleteDraft } from '../drafts/store'
import { composedSkyReader } from '../skies/composition'
import { metadataOf, svgOf } from '../skies/picture'
import { type ShareCards, shareCards } from './cards'
import { skyWords } from './words'

const CHAIN_ID = 31337
const minter = anvilAccount(1)
const generous = { limit: 1_000_000, windowMs: 60_000 }
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

let game: Anvil
let closedUrl: string
let database: DatabaseHandle
let chain: ReturnType<typeof createPublicClient>
let chainellation: Address
/** A sky with the three free decorations on its layers, and one left bare. */
let skyId: bigint
let bareSkyId: bigint
let skyLayers: DraftLayer[]

async function mint(wallet: ReturnType<typeof createWalletClient>) {
  const { request, result } = await chain.simulateContract({
    account: minter,
    address: chainellation,
    abi: chainellationAbi,
    functionName: 'mint',
    args: [3600],
  })
  await chain.waitForTransactionReceipt({ hash: await wallet.writeContract(request) })
  return result
}

beforeAll(async () => {
  ;[game, database] = await Promise.all([startAnvil(), openTestDatabase()])
  closedUrl = `http://127.0.0.1:${await freePort()}`
  const { contracts } = await deployAll({ rpcUrl: game.rpcUrl, writeBindings: false })
  chainellation = contracts.Chainellation as Address
  const decorations = contracts.Decorations as Address
  chain = createPublicClient({ chain: anvilChain, transport: http(game.rpcUrl) })
  const wallet = createWalletClient({ account: minter, chain: anvilChain, transport: http(game.rpcUrl) })
  skyId = await mint(wallet)
  bareSkyId = await mint(wallet)
  skyLayers = await Promise.all(
    (['RollingHills', 'CrescentMoon', 'Telescope'] as const).map(async (name, i) => ({
      layer: (i + 1) as 1 | 2 | 3,
      decorationId: Number(
        await chain.readContract({
          address: decorations,
          abi: decorationsAbi,
          functionName: 'idOf',
          args: [contracts[name] as Address],
        }),
      ),
      tokenId: '0',
    })),
  )
  const choices = skyLayers.map((l) => ({ ...l, tokenId: 0n }))
  const { request } = await chain.simulateContract({
    account: minter,
    address: decorations,
    abi: decorationsAbi,
    functionName: 'setLayers',
    args: [skyId, choices],
  })
  await chain.waitForTransactionReceipt({ hash: await wallet.writeContract(request) })
}, 180_000)

afterAll(async () => {
  await Promise.all([game?.stop(), database?.close()])
})

afterEach(() => {
  vi.restoreAllMocks()
})

function appReading(rpcUrl: string, config: Partial<AppConfig> = {}, cards: ShareCards = shareCards()) {
  return createApp({
    config: {
      chainId: CHAIN_ID,
      contracts: {},
      auth: { origins: ['http://localhost:5173'], chains: [{ chain: anvilChain, rpcUrl }] },
      skyReads: generous,
      ...config,
    },
    db: database.db,
    cards,
  })
}

/** The sky's metadata as the contract returns it now. */
async function chainMetadata(id: bigint) {
  const tokenUri = await chain.readContract({
    address: chainellation,
    abi: chainellationAbi,
    functionName: 'tokenURI',
    args: [id],
  })
  const metadata = metadataOf(tokenUri)
  if (!metadata) throw new Error('the chain drew no SVG')
  return metadata
}

const newDraft = (name: string, layers: DraftLayer[] = skyLayers, sky: string | null = String(skyId)) =>
  createDraft(database.db, minter.address, { name, chainId: CHAIN_ID, skyId: sky, layers }, new Date()).then(
    (draft) => {
      if (!draft) throw new Error('no draft')
      return draft
    },
  )

async function expectCard(res: Response) {
  expect(res.status).toBe(200)
  expect(res.headers.get('Content-Type')).toBe('image/png')
  const png = Buffer.from(await res.arrayBuffer())
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR')
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
  return png
}

const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error

describe('GET /api/skies/:chainId/:skyId/card.png', () => {
  const path = (id: bigint | string) => `/api/skies/${CHAIN_ID}/${id}/card.png`

  it('draws the sky the chain draws into a 1200×630 PNG once, and serves it again from the cache', async () => {
    const cards = shareCards()
    const app = appReading(game.rpcUrl, {}, cards)
    const first = await app.request(path(skyId))
    const png = await expectCard(first)
    const etag = first.headers.get('ETag')
    // The tag is the key of what was drawn: the chain's own SVG of the sky, with the words of its traits.
    const metadata = await chainMetadata(skyId)
    expect(etag).toBe(
      cards.etagOf({ skySvg: svgOf(metadata.picture), text: skyWords(String(skyId), metadata.traits).card }),
    )
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=300')

    const again = await app.request(path(skyId))
    expect(again.headers.get('ETag')).toBe(etag)
    expect(Buffer.from(await again.arrayBuffer()).equals(png)).toBe(true)
    expect(cards.stats()).toMatchObject({ renders: 1, hits: 1, entries: 1 })
  })

  it('answers 304 to a client holding the card, and lets a URL naming its tag be kept for good', async () => {
    const cards = shareCards()
    const app = appReading(game.rpcUrl, {}, cards)
    const etag = (await app.request(path(skyId))).headers.get('ETag') as string
    for (const held of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await app.request(path(skyId), { headers: { 'If-None-Match': held } })
      expect(res.status, held).toBe(304)
      expect(res.headers.get('ETag')).toBe(etag)
      expect(await res.text()).toBe('')
    }
    expect((await app.request(path(skyId), { headers: { 'If-None-Match': '"other"' } })).status).toBe(200)
    const named = await app.request(`${path(skyId)}?v=${etag.slice(1, -1)}`)
    expect(named.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const outdated = await app.request(`${path(skyId)}?v=earlier`)
    expect(outdated.headers.get('Cache-Control')).toBe('public, max-age=300')
    expect(cards.stats().renders).toBe(1)
  })

  it('keeps no more cards than its bound', async () => {
    const cards = shareCards({ bounds: { maxEntries: 1, maxBytes: 10_000_000 } })
    const app = appReading(game.rpcUrl, {}, cards)
    await expectCard(await app.request(path(skyId)))
    await expectCard(await app.request(path(bareSkyId)))
    expect(cards.stats()).toMatchObject({ renders: 2, entries: 1 })
    await expectCard(await app.request(path(skyId)))
    expect(cards.stats()).toMatchObject({ renders: 3, entries: 1 })
  })

  it.each([['0'], ['99']])('answers 404 with a sentence for sky #%s, which no one minted', async (id) => {
    const res = await appReading(game.rpcUrl).request(path(id))
    expect(res.status).toBe(404)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(await errorOf(res)).toBe(`There is no night sky #${id} on this chain.`)
  })

  it.each(['abc', '-1', '01', '1.5', '9'.repeat(79)])(
    'refuses sky id %j with 400 without asking the chain',
    async (id) => {
      const res = await appReading(closedUrl).request(path(encodeURIComponent(id)))
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatch(/^The sky id /)
    },
  )

  it('answers 404 for a chain the server does not read', async () => {
    const res = await appReading(game.rpcUrl).request(`/api/skies/1/${skyId}/card.png`)
    expect(res.status).toBe(404)
    expect(await errorOf(res)).toBe('This server does not read chain 1; it reads Anvil (31337).')
  })

  it('answers 503 with a sentence and Retry-After when the chain does not answer', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await appReading(closedUrl).request(path(skyId))
    expect(res.status).toBe(503)
    expect(res.headers.get('Retry-After')).toBe('5')
    expect(await errorOf(res)).toBe('The chain did not answer; try again.')
    expect(logged).toHaveBeenCalledOnce()
  })

  it('counts each card with the client’s sky reads, answering 429 past the limit', async () => {
    const app = appReading(game.rpcUrl, { skyReads: { limit: 2, windowMs: 60_000 } })
    expect((await app.request(path(skyId))).status).toBe(200)
    expect((await app.request(`/api/skies/${CHAIN_ID}/${skyId}`)).status).toBe(200)
    const refused = await app.request(path(skyId))
    expect(refused.status).toBe(429)
    expect(await errorOf(refused)).toMatch(/^Too many sky reads from your address/)
  })
})

describe('GET /api/drafts/:id/card.png', () => {
  const path = (id: string) => `/api/drafts/${id}/card.png`

  it('draws the sky with the draft’s layers exactly as the chain draws them once applied', async () => {
    // The sky holds these very layers: the port of the renderer, fed what the chain holds, draws the chain's SVG.
    const read = await composedSkyReader([{ chain: anvilChain, rpcUrl: game.rpcUrl }])(CHAIN_ID, skyId, skyLayers)
    expect(read.kind).toBe('found')
    if (read.kind !== 'found') return
    expect(read.svg).toBe(svgOf((await chainMetadata(skyId)).picture))
    expect(read.svg.match(/<image href="data:image\/svg\+xml;base64,/g)).toHaveLength(3)
  })

  it('answers the card of a draft, and a new card once the draft changes', async () => {
    const cards = shareCards()
    const app = appReading(game.rpcUrl, {}, cards)
    const draft = await newDraft('Hills under the moon')
    const first = await app.request(path(draft.id))
    await expectCard(first)
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=300')
    const bare = await newDraft('Hills under the moon', skyLayers, String(bareSkyId))
    const other = await app.request(path(bare.id))
    await expectCard(other)
    expect(other.headers.get('ETag')).not.toBe(first.headers.get('ETag'))
    expect((await app.request(path(draft.id))).headers.get('ETag')).toBe(first.headers.get('ETag'))
    expect(cards.stats()).toMatchObject({ renders: 2, hits: 1 })
  })

  it('answers 404 with a sentence for a draft that is not there, or cannot be drawn', async () => {
    const app = appReading(game.rpcUrl)
    const deleted = await newDraft('gone')
    await deleteDraft(database.db, deleted.id, minter.address)
    const cases: [string, string][] = [
      ['A'.repeat(22), 'There is no draft at this address; it may have been deleted.'],
      ['short', 'There is no draft at this address; it may have been deleted.'],
      [deleted.id, 'There is no draft at this address; it may have been deleted.'],
      [(await newDraft('nowhere', skyLayers, null)).id, 'This draft dresses no sky, so there is no picture of it.'],
      [(await newDraft('unminted', skyLayers, '99')).id, 'The sky this draft dresses does not exist.'],
    ]
    for (const [id, error] of cases) {
      const res = await app.request(path(id))
      expect(res.status, id).toBe(404)
      expect(await errorOf(res)).toBe(error)
    }
  })

  it('answers 503 with a sentence when the chain does not answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const draft = await newDraft('offline')
    const res = await appReading(closedUrl).request(path(draft.id))
    expect(res.status).toBe(503)
    expect(await errorOf(res)).toBe('The chain did not answer; try again.')
  })
})

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
    const app = appReading(game.rpcUrl, { webDist })
    const res = await app.request(`http://chainellation.test/sky/${skyId}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const meta = metaOf(html)
    expect(meta['og:title']).toBe(`Night sky #${skyId}`)
    expect(meta['og:url']).toBe(`http://chainellation.test/sky/${skyId}`)
    expect(meta['og:description']).toMatch(
      /^A night sky over UTC\+01:00, drawn and kept on-chain: no star revealed yet/,
    )
    expect(meta.description).toBe(meta['og:description'])
    expect(meta['twitter:card']).toBe('summary_large_image')
    expect(html).toContain(`<title>chainellation — Night sky #${skyId}</title>`)
    const image = new URL(meta['og:image'] as string)
    expect(`${image.origin}${image.pathname}`).toBe(`http://chainellation.test/api/skies/${CHAIN_ID}/${skyId}/card.png`)
    expect(meta['twitter:image']).toBe(image.href)
    const card = await app.request(image.href)
    await expectCard(card)
    expect(card.headers.get('ETag')).toBe(`"${image.searchParams.get('v')}"`)
    expect(card.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  })

  it('puts the sky’s streak from the index on its card, under the version its preview names', async () => {
    // A stand-in for the index: a sky gazed two nights running, the last of them tonight by the chain's clock.
    const now = Number((await chain.getBlock()).timestamp)
    const index = createServer((req, res) => {
      const json = (body: unknown) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (req.url === '/sync') return json({ ready: true, indexedBlock: 1, headBlock: 1, behind: 0, chainId: CHAIN_ID })
      if (req.url === `/skies/${skyId}`)
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
      const app = appReading(game.rpcUrl, { webDist, indexerUrl }, cards)
      const image = new URL(
        metaOf(await (await app.request(`http://chainellation.test/sky/${skyId}`)).text())['og:image'] as string,
      )
      const card = await app.request(image.href)
      await expectCard(card)
      const metadata = await chainMetadata(skyId)
      const text = skyWords(String(skyId), metadata.traits, 'Streak: 2 nights in a row').card
      expect(card.headers.get('ETag')).toBe(cards.etagOf({ skySvg: svgOf(metadata.picture), text }))
      expect(card.headers.get('ETag')).toBe(`"${image.searchParams.get('v')}"`)
      expect(card.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    } finally {
      await new Promise((resolve) => index.close(resolve))
    }
  })

  it('builds absolute URLs on the configured public origin', async () => {
    const app = appReading(game.rpcUrl, { webDist, publicOrigin: 'https://chainellation.example' })
    const meta = metaOf(await (await app.request(`http://127.0.0.1:8787/sky/${skyId}`)).text())
    expect(meta['og:url']).toBe(`https://chainellation.example/sky/${skyId}`)
    expect(meta['og:image']).toMatch(/^https:\/\/chainellation\.example\/api\/skies\/31337\/\d+\/card\.png\?v=/)
  })

  it('answers 404 with the generic head for a sky no one minted, or an address no sky can have', async () => {
    const app = appReading(game.rpcUrl, { webDist })
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
    const res = await appReading(closedUrl, { webDist }).request(`/sky/${skyId}`)
    expect(res.status).toBe(200)
    const meta = metaOf(await res.text())
    expect(meta['og:title']).toBe(`Night sky #${skyId}`)
    expect(meta['og:image']).toBe(`http://localhost/api/skies/${CHAIN_ID}/${skyId}/card.png`)
  })

  it('tells a draft’s preview its name, what it dresses and its card', async () => {
    const app = appReading(game.rpcUrl, { webDist })
    const draft = await newDraft('Hills & "moon"')
    const res = await app.request(`/draft/${draft.id}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const meta = metaOf(html)
    expect(meta['og:title']).toBe('Hills &#38; &#34;moon&#34;')
    expect(meta['og:description']).toBe(
      `A composition for night sky #${skyId}, saved as a draft on chainellation and not applied on chain.`,
    )
    expect(meta['og:url']).toBe(`http://localhost/draft/${draft.id}`)
    expect(meta['og:image']).toBe(`http://localhost/api/drafts/${draft.id}/card.png?v=${draft.updatedAt.getTime()}`)
    await expectCard(await app.request(meta['og:image'] as string))
  })

  it('answers 404 with the generic head for a draft that is not there', async () => {
    const app = appReading(game.rpcUrl, { webDist })
    for (const path of [`/draft/${'A'.repeat(22)}`, '/draft/short', '/draft/%3Cscript%3E']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(404)
      expect(await res.text(), path).toBe(`<!doctype html><html>${head}<body>shell</body></html>`)
    }
  })
})
