// Not imported by the server itself: what the share routes' tests share. The game's contracts deployed on anvil as the
// local stack deploys them, a sky minted with the three free decorations on its layers and one left bare, the test
// database, and the app reading them.
import { chainellationAbi, decorationsAbi } from '@chainellation/contracts'
import { type Anvil, freePort, startAnvil } from '@chainellation/contracts/anvil'
import { deployAll } from '@chainellation/contracts/deploy'
import { anvilAccount } from '@chainellation/contracts/safe'
import { type Address, createPublicClient, createWalletClient, http } from 'viem'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest'
import { createApp } from '../src/app'
import type { AppConfig } from '../src/config'
import type { DatabaseHandle } from '../src/db'
import type { DraftLayer } from '../src/db/schema'
import { createDraft } from '../src/drafts/store'
import { type ShareCards, shareCards } from '../src/share/cards'
import { metadataOf } from '../src/skies/picture'
import { openTestDatabase } from './database'

export const CHAIN_ID = 31337
export const minter = anvilAccount(1)
const generous = { limit: 1_000_000, windowMs: 60_000 }
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

type PublicClient = ReturnType<typeof createPublicClient>

async function mint(chain: PublicClient, wallet: ReturnType<typeof createWalletClient>, chainellation: Address) {
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

/** The game deployed on `game`, a sky dressed with the three free decorations and one left bare. */
async function deployGame(game: Anvil) {
  const { contracts } = await deployAll({ rpcUrl: game.rpcUrl, writeBindings: false })
  const chainellation = contracts.Chainellation as Address
  const decorations = contracts.Decorations as Address
  const chain = createPublicClient({ chain: anvilChain, transport: http(game.rpcUrl) })
  const wallet = createWalletClient({ account: minter, chain: anvilChain, transport: http(game.rpcUrl) })
  const skyId = await mint(chain, wallet, chainellation)
  const bareSkyId = await mint(chain, wallet, chainellation)
  const skyLayers: DraftLayer[] = await Promise.all(
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
  return { chain, chainellation, skyId, bareSkyId, skyLayers }
}

type Started = Awaited<ReturnType<typeof deployGame>> & { game: Anvil; database: DatabaseHandle; closedUrl: string }

/**
 * Registers a test file's game (anvil with the contracts deployed and two skies minted) and database; the returned
 * object reads them, and makes apps and drafts on them.
 */
export function useShareGame() {
  let started: Started | undefined
  beforeAll(async () => {
    const [game, database] = await Promise.all([startAnvil(), openTestDatabase()])
    const closedUrl = `http://127.0.0.1:${await freePort()}`
    started = { game, database, closedUrl, ...(await deployGame(game)) }
  }, 180_000)
  afterAll(async () => {
    await Promise.all([started?.game.stop(), started?.database.close()])
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })
  const get = () => {
    if (!started) throw new Error('the game is deployed before the first test')
    return started
  }
  return {
    get rpcUrl() {
      return get().game.rpcUrl
    },
    /** An address where no node answers. */
    get closedUrl() {
      return get().closedUrl
    },
    get db() {
      return get().database.db
    },
    get chain() {
      return get().chain
    },
    /** A sky with the three free decorations on its layers, and one left bare. */
    get skyId() {
      return get().skyId
    },
    get bareSkyId() {
      return get().bareSkyId
    },
    get skyLayers() {
      return get().skyLayers
    },
    appReading(rpcUrl: string, config: Partial<AppConfig> = {}, cards: ShareCards = shareCards()) {
      return createApp({
        config: {
          chainId: CHAIN_ID,
          contracts: {},
          auth: { origins: ['http://localhost:5173'], chains: [{ chain: anvilChain, rpcUrl }] },
          skyReads: generous,
          ...config,
        },
        db: get().database.db,
        cards,
      })
    },
    /** The sky's metadata as the contract returns it now. */
    async chainMetadata(id: bigint) {
      const tokenUri = await get().chain.readContract({
        address: get().chainellation,
        abi: chainellationAbi,
        functionName: 'tokenURI',
        args: [id],
      })
      const metadata = metadataOf(tokenUri)
      if (!metadata) throw new Error('the chain drew no SVG')
      return metadata
    },
    /** A draft of the minter's, of the dressed sky unless `sky` says otherwise. */
    newDraft: (name: string, layers: DraftLayer[] = get().skyLayers, sky: string | null = String(get().skyId)) =>
      createDraft(get().database.db, minter.address, { name, chainId: CHAIN_ID, skyId: sky, layers }, new Date()).then(
        (draft) => {
          if (!draft) throw new Error('no draft')
          return draft
        },
      ),
  }
}

export async function expectCard(res: Response) {
  expect(res.status).toBe(200)
  expect(res.headers.get('Content-Type')).toBe('image/png')
  const png = Buffer.from(await res.arrayBuffer())
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR')
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
  return png
}

export const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error
