// Names and avatars looked up on the local ENS stand-in deployed on anvil, as the local stack deploys it, through a
// proxy that counts the ENS node's requests and can stop answering.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Anvil, freePort, startAnvil } from '@chainellation/contracts/anvil'
import {
  deployLocalUniversalResolver,
  type LocalName,
  localUniversalResolverAbi,
  setLocalName,
} from '@chainellation/contracts/ens'
import { anvilAccount } from '@chainellation/contracts/safe'
import { drizzle } from 'drizzle-orm/pglite'
import { hc } from 'hono/client'
import {
  type Address,
  concat,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  namehash,
  numberToHex,
  toHex,
} from 'viem'
import { foundry, sepolia } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type AppType, createApp } from '../app'
import type { AppConfig } from '../config'
import * as schema from '../db/schema'
import { MAX_AVATAR_DATA_BYTES, NAMES_TTL_MS } from './ens'

// Names never touch the database.
const db = drizzle.mock({ schema })

const svgAvatar = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`
/** An https avatar; viem asks its host (HEAD) whether it is an image, which `imageHosts` answers. */
const httpsAvatar = 'https://avatars.example/erin.png'

const accounts = {
  named: anvilAccount(1),
  https: anvilAccount(2),
  nameless: anvilAccount(3),
  // Claims `named`'s name as its primary name; the name's address record still names `named`.
  impostor: anvilAccount(4),
  unnormalized: anvilAccount(5),
  unnormalizable: anvilAccount(6),
  script: anvilAccount(7),
  plainHttp: anvilAccount(8),
  oversized: anvilAccount(9),
}

const names: Partial<Record<keyof typeof accounts, LocalName>> = {
  named: { name: 'alice.eth', avatar: svgAvatar },
  https: { name: 'erin.eth', avatar: httpsAvatar },
  unnormalized: { name: 'Carol.eth' },
  unnormalizable: { name: 'bad name.eth' },
  script: { name: 'gina.eth', avatar: 'javascript:alert(1)' },
  plainHttp: { name: 'hank.eth', avatar: 'http://avatars.example/hank.png' },
  oversized: { name: 'ivan.eth', avatar: 'data:image/png;base64,' },
}

let anvil: Anvil
let resolver: Address
let closedUrl: string

/** The ENS node as the app calls it: anvil behind a proxy that counts requests, and fails them while `down`. */
const node = { server: undefined as Server | undefined, url: '', requests: 0, down: false }

beforeAll(async () => {
  anvil = await startAnvil()
  closedUrl = `http://127.0.0.1:${await freePort()}`
  resolver = await deployLocalUniversalResolver({ rpcUrl: anvil.rpcUrl, deployer: anvilAccount(0) })
  for (const [who, name] of Object.entries(names))
    await setLocalName({ rpcUrl: anvil.rpcUrl, resolver, account: accounts[who as keyof typeof accounts], name })
  await writeText(namehash('ivan.eth'), 'avatar', `data:image/png;base64,${'A'.repeat(MAX_AVATAR_DATA_BYTES)}`)
  // The impostor's reverse record names alice.eth, whose address record names another account.
  const impostor = createWalletClient({ account: accounts.impostor, chain: foundry, transport: http(anvil.rpcUrl) })
  const hash = await impostor.writeContract({
    address: resolver,
    abi: localUniversalResolverAbi,
    functionName: 'setName',
    args: ['alice.eth'],
  })
  await createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash })

  node.server = createServer(async (req, res) => {
    node.requests++
    if (node.down) return req.socket.destroy()
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const answer = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    })
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((resolve) => node.server?.listen(0, '127.0.0.1', resolve))
  node.url = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}`
}, 120_000)

afterAll(async () => {
  node.server?.closeAllConnections()
  await new Promise((resolve) => node.server?.close(resolve))
  await anvil?.stop()
})

afterEach(() => {
  node.down = false
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** JSON-RPC calls to anvil itself, in one batch. */
async function rpc(calls: [method: string, params: unknown[]][]) {
  const res = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params }))),
  })
  const failed = ((await res.json()) as { error?: { message: string } }[]).find((answer) => answer.error)
  if (failed?.error) throw new Error(`anvil: ${failed.error.message}`)
}

// The stand-in's storage (solc's layout): _primaryNames at slot 0, _holders 1, _addrs 2, _texts 3.
const mappingSlot = (key: Hex, slot: Hex) => keccak256(concat([key, slot]))

/** Writes a string into storage at `slot` as solc lays a long one out: 2·length+1 there, the bytes from keccak(slot). */
async function writeString(slot: Hex, value: string) {
  const bytes = toHex(value)
  const words = Math.ceil((bytes.length - 2) / 64)
  const start = BigInt(keccak256(slot))
  const write = (at: Hex, word: Hex): [string, unknown[]] => ['anvil_setStorageAt', [resolver, at, word]]
  await rpc([
    write(slot, numberToHex(2n * BigInt(value.length) + 1n, { size: 32 })),
    ...Array.from({ length: words }, (_, i) =>
      write(
        numberToHex(start + BigInt(i), { size: 32 }),
        `0x${bytes.slice(2 + i * 64, 2 + (i + 1) * 64).padEnd(64, '0')}`,
      ),
    ),
  ])
}

/**
 * A text record larger than a transaction may write (a 64 KiB string costs ~45M gas of storage), written straight
 * into the stand-in's storage; the name's address record is already set, so the name has a resolver.
 */
async function writeText(node: Hex, key: string, value: string) {
  const inner = mappingSlot(node, numberToHex(3, { size: 32 }))
  await writeString(keccak256(concat([toHex(key), inner])), value)
}

/** Answers viem's HEAD request to an avatar's host as an image server would; passes everything else on. */
function imageHosts() {
  const real = globalThis.fetch
  vi.stubGlobal('fetch', (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    if (init?.method === 'HEAD' && new URL(url).hostname === 'avatars.example')
      return Promise.resolve(new Response(null, { status: 200, headers: { 'content-type': 'image/png' } }))
    return real(input, init)
  })
}

/** An app looking names up through `rpcUrl` (the counting proxy by default); its clock moves with `clock.ms`. */
function appWithNames(config: Partial<AppConfig> = {}, rpcUrl = node.url) {
  const clock = { ms: Date.parse('2026-06-01T00:00:00Z') }
  const app = createApp({
    config: {
      chainId: 31337,
      contracts: {},
      auth: { origins: ['http://localhost:5173'], chains: [{ chain: sepolia, rpcUrl: closedUrl }] },
      names: { rpcUrl, universalResolver: resolver },
      ...config,
    },
    db,
    now: () => new Date(clock.ms),
  })
  return { app, clock }
}

const namesOf = async (app: ReturnType<typeof createApp>, address: string) => {
  const res = await app.request(`/api/names/${address}`)
  return { status: res.status, cacheControl: res.headers.get('Cache-Control'), body: (await res.json()) as unknown }
}

describe('GET /api/names/:address', () => {
  it('answers the primary name and avatar an account set, checksummed, for a day, through hc<AppType>', async () => {
    const { app } = appWithNames()
    const fetch = ((input, init) => app.request(input, init)) as typeof globalThis.fetch
    const client = hc<AppType>('http://localhost:5173', { fetch })
    const res = await client.api.names[':address'].$get({ param: { address: accounts.named.address.toLowerCase() } })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400')
    if (res.status !== 200) return
    const body = await res.json()
    expect(body).toEqual({ address: accounts.named.address, name: 'alice.eth', avatar: svgAvatar })
  })

  it('answers an https avatar that its host serves as an image', async () => {
    imageHosts()
    const { app } = appWithNames()
    expect((await namesOf(app, accounts.https.address)).body).toEqual({
      address: accounts.https.address,
      name: 'erin.eth',
      avatar: httpsAvatar,
    })
  })

  it.each([
    ['an account that set no name', 'nameless'],
    ['a primary name whose address record names another account (ENSIP-19)', 'impostor'],
    ['a primary name not in its normalized form (ENSIP-15)', 'unnormalized'],
    ['a primary name that cannot be normalized', 'unnormalizable'],
  ] as const)('answers no name and no avatar for %s', async (_, who) => {
    const { app } = appWithNames()
    const { status, cacheControl, body } = await namesOf(app, accounts[who].address)
    expect({ status, cacheControl }).toEqual({ status: 200, cacheControl: 'public, max-age=86400' })
    expect(body).toEqual({ address: accounts[who].address, name: null, avatar: null })
  })

  it.each([
    ['a javascript: URL', 'script', 'gina.eth'],
    ['a plain http: URL, even of an image', 'plainHttp', 'hank.eth'],
    ['a data URL over 64 KiB', 'oversized', 'ivan.eth'],
  ] as const)('answers the name without the avatar when it is %s', async (_, who, name) => {
    imageHosts()
    const { app } = appWithNames()
    expect((await namesOf(app, accounts[who].address)).body).toEqual({
      address: accounts[who].address,
      name,
      avatar: null,
    })
  })

  it.each([
    ['abc', /^The address must be 0x and 40 hexadecimal digits/],
    ['0x1234', /^The address must be 0x and 40 hexadecimal digits/],
    [`${accounts.named.address}0`, /^The address must be 0x and 40 hexadecimal digits/],
    // A mixed-case address whose checksum is wrong (EIP-55): one letter's case flipped.
    [accounts.named.address.replace(/[a-f]/, (ch) => ch.toUpperCase()), /with a valid EIP-55 checksum/],
    [`0x${'g'.repeat(40)}`, /^The address must be 0x and 40 hexadecimal digits/],
  ])('refuses %j with 400 without asking the node', async (address, error) => {
    const { app } = appWithNames({}, closedUrl)
    const res = await app.request(`/api/names/${encodeURIComponent(address)}`)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toMatch(error)
  })

  it('answers 503 when the node does not answer, keeps nothing, and asks again next time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { app } = appWithNames()
    node.down = true
    const refused = await namesOf(app, accounts.named.address)
    expect(refused).toEqual({
      status: 503,
      cacheControl: 'no-store',
      body: { error: 'The name service did not answer; try again.' },
    })
    node.down = false
    expect((await namesOf(app, accounts.named.address)).body).toMatchObject({ name: 'alice.eth' })

    const closed = appWithNames({}, closedUrl).app
    expect((await namesOf(closed, accounts.named.address)).status).toBe(503)
  })

  it('keeps each answer, found or not, for 24 hours, and asks the node again after', async () => {
    const { app, clock } = appWithNames()
    for (const who of ['named', 'nameless'] as const) {
      node.requests = 0
      await namesOf(app, accounts[who].address)
      const asked = node.requests
      expect(asked).toBeGreaterThan(0)
      clock.ms += NAMES_TTL_MS - 1000
      expect((await namesOf(app, accounts[who].address.toLowerCase())).body).toMatchObject({
        address: accounts[who].address,
      })
      expect(node.requests, `${who}: a cached answer`).toBe(asked)
      clock.ms += 2000
      await namesOf(app, accounts[who].address)
      expect(node.requests, `${who}: an answer a day old`).toBe(2 * asked)
    }
  })

  it('asks the node once for concurrent lookups of one address', async () => {
    node.requests = 0
    await namesOf(appWithNames().app, accounts.named.address)
    const once = node.requests
    node.requests = 0
    const { app } = appWithNames()
    const answers = await Promise.all(Array.from({ length: 8 }, () => namesOf(app, accounts.named.address)))
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200))
    expect(node.requests).toBe(once)
  })

  it('answers every address without a name, asking nothing, when no ENS node is configured', async () => {
    const { app } = appWithNames({ names: undefined })
    node.requests = 0
    const { status, cacheControl, body } = await namesOf(app, accounts.named.address.toLowerCase())
    expect({ status, cacheControl }).toEqual({ status: 200, cacheControl: 'public, max-age=86400' })
    expect(body).toEqual({ address: accounts.named.address, name: null, avatar: null })
    expect(node.requests).toBe(0)
  })

  it('limits lookups per client with 429', async () => {
    const { app } = appWithNames({ nameReads: { limit: 2, windowMs: 60_000 } })
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await namesOf(app, accounts.nameless.address)).status)
    expect(statuses).toEqual([200, 200, 429])
  })
})
