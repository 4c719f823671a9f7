// Sky reads against the game's contracts deployed on anvil, as the local stack deploys them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as pause } from 'node:timers/promises'
import { brotliDecompressSync } from 'node:zlib'
import { chainellationAbi } from '@chainellation/contracts'
import { type Anvil, freePort, startAnvil } from '@chainellation/contracts/anvil'
import { deployAll } from '@chainellation/contracts/deploy'
import { anvilAccount } from '@chainellation/contracts/safe'
import { drizzle } from 'drizzle-orm/pglite'
import { hc } from 'hono/client'
import { type Address, createPublicClient, createWalletClient, http } from 'viem'
import { anvil as anvilChain, sepolia } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type AppType, createApp } from '../app'
import type { AppConfig, SignInChain } from '../config'
import { contractsFor } from '../contracts'
import * as schema from '../db/schema'
import { skyChainReads } from './reader'

const CHAIN_ID = 31337
const MAX_UINT256 = 2n ** 256n - 1n
const minter = anvilAccount(1)

// Sky reads never touch the database, so a driverless one will do.
const db = drizzle.mock({ schema })

/** The chain with the game deployed; one where nothing is; a port nothing listens on. */
let game: Anvil
let bare: Anvil
let closedUrl: string
let chainellation: Address
let skyId: bigint

beforeAll(async () => {
  ;[game, bare] = await Promise.all([startAnvil(), startAnvil()])
  closedUrl = `http://127.0.0.1:${await freePort()}`
  // The same deployer, from the same nonce, puts the contracts where the recorded local deployment says.
  const deployment = await deployAll({ rpcUrl: game.rpcUrl, writeBindings: false })
  chainellation = deployment.contracts.Chainellation as Address
  expect(chainellation, 'the recorded local deployment').toBe(contractsFor(CHAIN_ID).Chainellation)

  const wallet = createWalletClient({ account: minter, chain: anvilChain, transport: http(game.rpcUrl) })
  const chain = createPublicClient({ chain: anvilChain, transport: http(game.rpcUrl) })
  const { request, result } = await chain.simulateContract({
    account: minter,
    address: chainellation,
    abi: chainellationAbi,
    functionName: 'mint',
    args: [3600],
  })
  await chain.waitForTransactionReceipt({ hash: await wallet.writeContract(request) })
  skyId = result
}, 120_000)

afterAll(async () => {
  await Promise.all([game?.stop(), bare?.stop()])
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** An app reading the local chain through `rpcUrl`, and Sepolia through a node that is never contacted. */
function appReading(rpcUrl: string, config: Partial<AppConfig> = {}, extraChains: SignInChain[] = []) {
  return createApp({
    config: {
      chainId: CHAIN_ID,
      contracts: {},
      auth: {
        origins: ['http://localhost:5173'],
        chains: [{ chain: sepolia, rpcUrl: closedUrl }, { chain: anvilChain, rpcUrl }, ...extraChains],
      },
      ...config,
    },
    db,
  })
}

const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error

describe('GET /api/skies/:chainId/:skyId', () => {
  it('answers a minted sky’s metadata as the contract returns it, and its owner, through hc<AppType>', async () => {
    const app = appReading(game.rpcUrl)
    const fetch = ((input, init) => app.request(input, init)) as typeof globalThis.fetch
    const client = hc<AppType>('http://localhost:5173', { fetch })
    const res = await client.api.skies[':chainId'][':skyId'].$get({
      param: { chainId: String(CHAIN_ID), skyId: String(skyId) },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
    if (res.status !== 200) return
    const body = await res.json()
    expect(body).toEqual({
      chainId: CHAIN_ID,
      skyId: String(skyId),
      tokenUri: expect.any(String),
      owner: minter.address,
    })

    // Passed on undecoded: exactly the contract's string, an ERC-721 metadata JSON in a base64 data: URL.
    const onChain = await createPublicClient({ chain: anvilChain, transport: http(game.rpcUrl) }).readContract({
      address: chainellation,
      abi: chainellationAbi,
      functionName: 'tokenURI',
      args: [skyId],
    })
    expect(body.tokenUri).toBe(onChain)
    const prefix = 'data:application/json;base64,'
    expect(body.tokenUri.startsWith(prefix)).toBe(true)
    const metadata = JSON.parse(Buffer.from(body.tokenUri.slice(prefix.length), 'base64').toString('utf8')) as {
      image?: unknown
    }
    expect(typeof metadata.image).toBe('string')
    expect((metadata.image as string).startsWith('data:image/svg+xml')).toBe(true)
  })

  it.each([['0'], ['2'], [String(MAX_UINT256)]])('answers 404 for sky #%s, which no one minted', async (id) => {
    const res = await appReading(game.rpcUrl).request(`/api/skies/${CHAIN_ID}/${id}`)
    expect(res.status).toBe(404)
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
    expect(await res.json()).toEqual({ error: `There is no night sky #${id} on this chain.`, missing: true })
  })

  // The chain's node is a closed port: any read would be a 502.
  it.each([
    ['abc', /^The sky id must be a whole number in decimal digits/],
    ['-1', /^The sky id must be a whole number in decimal digits/],
    ['1.5', /^The sky id must be a whole number in decimal digits/],
    ['+1', /^The sky id must be a whole number in decimal digits/],
    ['1e3', /^The sky id must be a whole number in decimal digits/],
    ['01', /^The sky id must be a whole number in decimal digits/],
    ['9'.repeat(79), /^The sky id must be a whole number in decimal digits/],
    [String(MAX_UINT256 + 1n), /^The sky id is larger than a uint256 can hold\.$/],
  ])('refuses sky id %j with 400 without asking the chain', async (id, error) => {
    const res = await appReading(closedUrl).request(`/api/skies/${CHAIN_ID}/${encodeURIComponent(id)}`)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatch(error)
  })

  it.each(['abc', '0', '-1', '1.5', '+1', '0x7a69', '031337', '9'.repeat(17), '9007199254740992'])(
    'refuses chain id %j with 400',
    async (id) => {
      const res = await appReading(closedUrl).request(`/api/skies/${encodeURIComponent(id)}/1`)
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toBe(
        'The chain id must be a positive whole number in decimal digits, such as 11155111.',
      )
    },
  )

  it('answers 404 for a chain the server does not read', async () => {
    const res = await appReading(game.rpcUrl).request(`/api/skies/1/${skyId}`)
    expect(res.status).toBe(404)
    expect(await errorOf(res)).toBe('This server does not read chain 1; it reads Sepolia (11155111) and Anvil (31337).')
  })

  it('answers 404 for a chain it reads where the game is not deployed', async () => {
    const elsewhere = { chain: { ...anvilChain, id: 4242, name: 'Elsewhere' }, rpcUrl: closedUrl }
    const res = await appReading(game.rpcUrl, {}, [elsewhere]).request(`/api/skies/4242/${skyId}`)
    expect(res.status).toBe(404)
    expect(await errorOf(res)).toBe('The game is not deployed on Elsewhere (4242).')
  })

  it('answers 404 when the recorded address holds no contract, as on a chain restarted without deploying', async () => {
    const res = await appReading(bare.rpcUrl).request(`/api/skies/${CHAIN_ID}/${skyId}`)
    expect(res.status).toBe(404)
    expect(await errorOf(res)).toBe('The game is not deployed on Anvil (31337).')
  })

  it('answers 502 and logs the failure when the chain’s node does not answer', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await appReading(closedUrl).request(`/api/skies/${CHAIN_ID}/${skyId}`)
    expect(res.status).toBe(502)
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
    expect(await errorOf(res)).toBe('The chain did not answer; try again.')
    expect(logged).toHaveBeenCalledOnce()
    expect(String(logged.mock.calls[0]?.[0])).toMatch(`the node of chain ${CHAIN_ID} could not read sky #${skyId}`)
  })

  it('limits each client’s reads, answering 429 with Retry-After beyond the limit', async () => {
    const app = appReading(game.rpcUrl, { skyReads: { limit: 2, windowMs: 60_000 }, trustedProxies: 1 })
    const read = (client: string) =>
      app.request(`/api/skies/${CHAIN_ID}/${skyId}`, { headers: { 'X-Forwarded-For': client } })
    expect((await read('203.0.113.5')).status).toBe(200)
    // A refused id counts too: each request is one the client could have pointed at a minted sky.
    expect((await app.request('/api/skies/31337/abc', { headers: { 'X-Forwarded-For': '203.0.113.5' } })).status).toBe(
      400,
    )
    const refused = await read('203.0.113.5')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
    expect(await errorOf(refused)).toMatch(/^Too many sky reads from your address; try again in \d+ seconds?\.$/)
    // Another client reads on.
    expect((await read('198.51.100.7')).status).toBe(200)
  })
})

describe("a sky's page, served with its sky", () => {
  const placeholder = 'data:image/svg+xml;base64,U0tZLVBJQ1RVUkU='
  const template = (picture: boolean) =>
    `<!doctype html><html><body><div id="root" data-prerendered="/sky/9007199254740991"><h1>Night sky #9007199254740991</h1>${
      picture ? `<img src="${placeholder}">` : '<p role="status">Reading the sky from the chain…</p>'
    }</div></body></html>`
  let webDist: string
  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'sky-pages-'))
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>index</title>')
    writeFileSync(join(webDist, 'shell.html'), '<!doctype html><title>shell</title>')
    writeFileSync(join(webDist, '_sky.html'), template(false))
    writeFileSync(join(webDist, '_sky-picture.html'), template(true))
  })
  afterAll(() => rmSync(webDist, { recursive: true, force: true }))

  it('paints with the picture the chain draws, and hands the app the read', async () => {
    const res = await appReading(game.rpcUrl, { webDist }).request(`/sky/${skyId}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const tokenUri = await createPublicClient({ chain: anvilChain, transport: http(game.rpcUrl) }).readContract({
      address: chainellation,
      abi: chainellationAbi,
      functionName: 'tokenURI',
      args: [skyId],
    })
    const { image } = JSON.parse(
      Buffer.from(tokenUri.slice('data:application/json;base64,'.length), 'base64').toString('utf8'),
    ) as { image: string }
    expect(html).toContain(`<h1>Night sky #${skyId}</h1><img src="${image}">`)
    expect(html).toContain(`data-prerendered="/sky/${skyId}"`)
    const data = /<script type="application\/json" id="shared-sky">(.*?)<\/script><\/body>/.exec(html)?.[1]
    expect(JSON.parse(data ?? 'null')).toEqual({
      chainId: CHAIN_ID,
      skyId: String(skyId),
      tokenUri,
      owner: minter.address,
    })
  })

  it('is the page that reads the sky itself for a sky no one minted, a node that does not answer, or past the limit', async () => {
    const plain = (id: string) => template(false).replaceAll('9007199254740991', id)
    // A sky no one minted: the same page, which says so once the app has read it, answered 404.
    const unminted = await appReading(game.rpcUrl, { webDist }).request('/sky/2')
    expect(unminted.status).toBe(404)
    expect(await unminted.text()).toBe(plain('2'))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await (await appReading(closedUrl, { webDist }).request(`/sky/${skyId}`)).text()).toBe(plain(String(skyId)))
    const limited = appReading(game.rpcUrl, { webDist, skyReads: { limit: 1, windowMs: 60_000 } })
    expect(await (await limited.request(`/sky/${skyId}`)).text()).toContain('shared-sky')
    expect(await (await limited.request(`/sky/${skyId}`)).text()).toBe(plain(String(skyId)))
    // The page's reads and the API's are counted together.
    expect((await limited.request(`/api/skies/${CHAIN_ID}/${skyId}`)).status).toBe(429)
  })
})

/** Sky reads made on the local chain's node so far, as the metrics count them. */
const chainReads = async () =>
  (await skyChainReads.get()).values.find((v) => v.labels.chain_id === String(CHAIN_ID))?.value ?? 0

// Last: it mints a sky, which the tests above take to be unminted.
describe('reads of one sky, shared', () => {
  const rpc = () => createPublicClient({ chain: anvilChain, transport: http(game.rpcUrl) })
  const mine = () => rpc().request({ method: 'evm_mine' } as never)

  it('reads a sky once a block, however many ask at once or after, and again once the head moves', async () => {
    const app = appReading(game.rpcUrl, { skyCache: { headMs: 50 } })
    const read = () => app.request(`/api/skies/${CHAIN_ID}/${skyId}`)
    const before = await chainReads()
    const first = await Promise.all(Array.from({ length: 8 }, read))
    expect(first.map((res) => res.status)).toEqual(Array(8).fill(200))
    expect(await chainReads()).toBe(before + 1)
    // The head is asked again, and has not moved: still the same read.
    await pause(60)
    const again = await read()
    expect(await again.json()).toEqual(await first[0]?.json())
    expect(await chainReads()).toBe(before + 1)
    await mine()
    await pause(60)
    expect((await read()).status).toBe(200)
    expect(await chainReads()).toBe(before + 2)
  })

  it('shares the reads of the API route, of the page and of the card', async () => {
    const app = appReading(game.rpcUrl, { skyCache: { headMs: 60_000 } })
    const before = await chainReads()
    expect((await app.request(`/api/skies/${CHAIN_ID}/${skyId}`)).status).toBe(200)
    expect((await app.request(`/api/skies/${CHAIN_ID}/${skyId}`)).status).toBe(200)
    expect(await chainReads()).toBe(before + 1)
  })

  it('finds a sky minted since the head was last asked, though the head still stands', async () => {
    const app = appReading(game.rpcUrl, { skyCache: { headMs: 60_000 } })
    const next = skyId + 1n
    expect((await app.request(`/api/skies/${CHAIN_ID}/${next}`)).status).toBe(404)
    const wallet = createWalletClient({ account: minter, chain: anvilChain, transport: http(game.rpcUrl) })
    const { request } = await rpc().simulateContract({
      account: minter,
      address: chainellation,
      abi: chainellationAbi,
      functionName: 'mint',
      args: [0],
    })
    await rpc().waitForTransactionReceipt({ hash: await wallet.writeContract(request) })
    // The head learnt for the 404 stands a minute, but is past the 100 ms within which it is not asked anew (a margin
    // over it, since timers and clocks round): the missing sky is looked for again.
    await pause(150)
    const before = await chainReads()
    // The 404 kept at the old head costs nothing; the sky is read once, at the new head.
    expect((await app.request(`/api/skies/${CHAIN_ID}/${next}`)).status).toBe(200)
    expect(await chainReads()).toBe(before + 1)
    // Found at the new head, which now stands: the next answer is the kept read.
    expect((await app.request(`/api/skies/${CHAIN_ID}/${next}`)).status).toBe(200)
    expect(await chainReads()).toBe(before + 1)
  })

  it('keeps no failure of the node: the next request asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const app = appReading(closedUrl, { skyCache: { headMs: 60_000 } })
    expect((await app.request(`/api/skies/${CHAIN_ID}/${skyId}`)).status).toBe(502)
    expect((await app.request(`/api/skies/${CHAIN_ID}/${skyId}`)).status).toBe(502)
    expect(console.error).toHaveBeenCalledTimes(2)
  })

  it('serves a sky’s page as the same bytes while its sky stands, and a new page once its owner changes', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'sky-page-cache-'))
    try {
      const built = '<!doctype html><html><body><div id="root" data-prerendered="/sky/9007199254740991">'
      writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>index</title>')
      writeFileSync(join(webDist, '_sky.html'), `${built}</div></body></html>`)
      writeFileSync(
        join(webDist, '_sky-picture.html'),
        `${built}<img src="data:image/svg+xml;base64,U0tZLVBJQ1RVUkU="></div></body></html>`,
      )
      const app = appReading(game.rpcUrl, { webDist, skyCache: { headMs: 50 } })
      const page = () => app.request(`/sky/${skyId}`, { headers: { 'Accept-Encoding': 'br' } })
      const [first, second] = await Promise.all([page(), page()])
      const tag = first.headers.get('etag')
      expect(second.headers.get('etag')).toBe(tag)
      expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()))
      const stranger = anvilAccount(2).address
      const wallet = createWalletClient({ account: minter, chain: anvilChain, transport: http(game.rpcUrl) })
      const hash = await wallet.writeContract({
        address: chainellation,
        abi: chainellationAbi,
        functionName: 'transferFrom',
        args: [minter.address, stranger, skyId],
      })
      await rpc().waitForTransactionReceipt({ hash })
      await pause(60)
      const after = await page()
      expect(after.headers.get('etag')).not.toBe(tag)
      expect(brotliDecompressSync(Buffer.from(await after.arrayBuffer())).toString()).toContain(stranger)
    } finally {
      rmSync(webDist, { recursive: true, force: true })
    }
  })

  it('keeps at most maxEntries skies', async () => {
    const app = appReading(game.rpcUrl, { skyCache: { headMs: 60_000, maxEntries: 1 } })
    const before = await chainReads()
    for (const id of [skyId, 2n, skyId]) await app.request(`/api/skies/${CHAIN_ID}/${id}`)
    expect(await chainReads()).toBe(before + 3)
  })
})
