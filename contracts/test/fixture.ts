// Test fixture: a fresh anvil per test file with the whole game deployed, funded players, chain-time
// control and helpers to assert reverts and read token metadata.

import {
  type Abi,
  type Account,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createTestClient,
  decodeErrorResult,
  encodeDeployData,
  getAddress,
  getContract,
  type Hash,
  type Hex,
  http,
  type Log,
  parseEventLogs,
  publicActions,
  type TransactionReceipt,
  walletActions,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { type Anvil, startAnvil } from '../scripts/anvil.ts'
import { compile } from '../scripts/compile.ts'
import { ANVIL_MNEMONIC, type Deployment, deployAll } from '../scripts/deploy.ts'
import {
  chainellationAbi,
  decorationsAbi,
  decorationTokenAbi,
  freeDecorationAbi,
  skyRendererAbi,
} from '../src/index.ts'

export const HOUR = 3_600
export const DAY = 86_400
/** The time that must pass between two gazes at one sky. */
export const COOLDOWN = 14 * HOUR
/** Valid time-zone offsets bounds, in seconds east of UTC. */
export const MIN_TZ = -12 * HOUR
export const MAX_TZ = 14 * HOUR
/** One gwei, in wei: the unit the tests' prices are written in. */
export const gwei = 1_000_000_000n
/** The catalogue id of Cassiopeia, a constellation of five stars. */
export const CASSIOPEIA = 3

/** A viem test client that can also read and write, optionally bound to `account`. */
export function clientFor<account extends Account | undefined = undefined>(rpcUrl: string, account?: account) {
  return createTestClient({ mode: 'anvil', chain: foundry, transport: http(rpcUrl), account, pollingInterval: 50 })
    .extend(publicActions)
    .extend(walletActions)
}

/** The deployed addresses by the names `deployAll` records. */
export type Addresses = {
  SkyRenderer: Address
  Chainellation: Address
  Decorations: Address
  RollingHills: Address
  CrescentMoon: Address
  Telescope: Address
  Lighthouse: Address
  Comet: Address
  Campfire: Address
}

function addressesOf(deployment: Deployment): Addresses {
  const names = [
    'SkyRenderer',
    'Chainellation',
    'Decorations',
    'RollingHills',
    'CrescentMoon',
    'Telescope',
    'Lighthouse',
    'Comet',
    'Campfire',
  ] as const
  const out = {} as Addresses
  for (const name of names) {
    const address = deployment.contracts[name]
    if (!address) throw new Error(`the deployment has no ${name}`)
    out[name] = getAddress(address)
  }
  return out
}

/** One funded account with the game's contracts bound to it. */
function playerFor(rpcUrl: string, index: number, addresses: Addresses) {
  const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index })
  const client = clientFor(rpcUrl, account)
  const token = (address: Address) => getContract({ address, abi: decorationTokenAbi, client })
  const free = (address: Address) => getContract({ address, abi: freeDecorationAbi, client })
  return {
    account,
    address: account.address,
    client,
    sky: getContract({ address: addresses.Chainellation, abi: chainellationAbi, client }),
    renderer: getContract({ address: addresses.SkyRenderer, abi: skyRendererAbi, client }),
    decorations: getContract({ address: addresses.Decorations, abi: decorationsAbi, client }),
    lighthouse: token(addresses.Lighthouse),
    comet: token(addresses.Comet),
    campfire: token(addresses.Campfire),
    rollingHills: free(addresses.RollingHills),
    crescentMoon: free(addresses.CrescentMoon),
    telescope: free(addresses.Telescope),
  }
}

export type Player = ReturnType<typeof playerFor>

/** Decoration ids as `deployAll` registers them (the order of scripts/decorations.ts). */
export const decorationIds = {
  RollingHills: 1,
  CrescentMoon: 2,
  Telescope: 3,
  Lighthouse: 4,
  Comet: 5,
  Campfire: 6,
} as const

export type Fixture = Awaited<ReturnType<typeof createFixture>>

/** Starts anvil on a free port, deploys the game and returns the players and helpers. */
export async function createFixture() {
  // Tests read the latest state only; without the history of past blocks' states, a long run stays fast.
  // Blocks of several transactions (property tests) keep them in the order sent.
  const anvil: Anvil = await startAnvil({ pruneHistory: true, fifo: true })
  try {
    const deployment = await deployAll({ rpcUrl: anvil.rpcUrl, writeBindings: false })
    const addresses = addressesOf(deployment)
    const client = clientFor(anvil.rpcUrl)
    // Block time stands still unless a test moves it, so a transaction lands at exactly the time its
    // simulation saw, whatever the wall clock does in between.
    await client.setBlockTimestampInterval({ interval: 0 })
    const players = Array.from({ length: 8 }, (_, i) => playerFor(anvil.rpcUrl, i, addresses))
    const [owner, alice, bob, carol, dave] = players

    /** Latest block's timestamp. */
    const now = async () => Number((await client.getBlock()).timestamp)

    /** Mines a block at `timestamp`; later blocks keep that time until moved again. */
    const setTime = async (timestamp: number) => {
      await client.setNextBlockTimestamp({ timestamp: BigInt(timestamp) })
      await client.mine({ blocks: 1 })
    }

    /**
     * Moves the chain to the first moment after the latest block (and not before `notBefore`) when the
     * local time in `tzOffset` is `secondsOfDay`; returns that Unix time.
     */
    const toLocalTime = async (tzOffset: number, secondsOfDay: number, notBefore = 0) => {
      const from = Math.max((await now()) + 1, notBefore)
      const timestamp = from + mod(secondsOfDay - tzOffset - from, DAY)
      await setTime(timestamp)
      return timestamp
    }

    /** Waits for a transaction and asserts it succeeded. */
    const tx = async (hash: Hash | Promise<Hash>): Promise<TransactionReceipt> => {
      const receipt = await client.waitForTransactionReceipt({ hash: await hash })
      expect(receipt.status).toBe('success')
      return receipt
    }

    /** Mints one sky for `player` with default traits and returns its id. */
    const mint = async (player: Player, tzOffset = HOUR, value = 0n) => {
      const receipt = await tx(player.sky.write.mint([tzOffset], { value }))
      return skyIdFrom(receipt)
    }

    /** Gazes at sky `skyId` as `player` and asserts the gaze succeeded. */
    const gaze = (player: Player, skyId: bigint) => tx(player.sky.write.starGaze([skyId]))

    /** Deploys `contractName` from the compiled artifacts as the owner; returns its address. */
    const deploy = async (contractName: string, args: readonly unknown[]) => {
      const artifact = (await compile())[contractName]
      if (!artifact) throw new Error(`no artifact named ${contractName}`)
      const receipt = await tx(
        owner.client.deployContract({ abi: artifact.abi as Abi, bytecode: artifact.bytecode, args }),
      )
      if (!receipt.contractAddress) throw new Error(`deploying ${contractName} created no contract`)
      return getAddress(receipt.contractAddress)
    }

    /**
     * Asserts that deploying `contractName` with `args` reverts with custom error `errorName` and, when
     * given, exactly `errorArgs`.
     */
    const expectDeployRevert = async (
      contractName: string,
      args: readonly unknown[],
      errorName: string,
      errorArgs?: readonly unknown[],
    ) => {
      const artifact = (await compile())[contractName]
      if (!artifact) throw new Error(`no artifact named ${contractName}`)
      const abi = artifact.abi as Abi
      const data = encodeDeployData({ abi, bytecode: artifact.bytecode, args })
      const error = await client.call({ account: owner.address, data }).then(
        () => undefined,
        (e: unknown) => e,
      )
      if (!(error instanceof BaseError)) throw new Error(`expected deploying ${contractName} to revert`)
      const raw = error.walk((e) => typeof (e as { data?: unknown }).data === 'string') as { data?: Hex } | null
      if (!raw?.data) throw new Error(`deploying ${contractName} reverted without data: ${error.shortMessage}`)
      const decoded = decodeErrorResult({ abi, data: raw.data })
      expect(decoded.errorName).toBe(errorName)
      if (errorArgs) expect(decoded.args ?? []).toEqual(errorArgs)
    }

    const snapshot = () => client.snapshot()
    const revert = (id: Hex) => client.revert({ id })

    return {
      anvil,
      rpcUrl: anvil.rpcUrl,
      deployment,
      addresses,
      client,
      players,
      owner,
      alice,
      bob,
      carol,
      dave,
      now,
      setTime,
      toLocalTime,
      tx,
      mint,
      gaze,
      deploy,
      expectDeployRevert,
      snapshot,
      revert,
      stop: () => anvil.stop(),
    }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}

/**
 * Registers the hooks of a test file: one anvil and deployment for the file, and a snapshot taken
 * before each test and reverted after it. The returned object is filled in before the first test.
 */
export function useFixture(): Fixture {
  const fixture = {} as Fixture
  let id: Hex | undefined
  beforeAll(async () => {
    Object.assign(fixture, await createFixture())
  })
  afterAll(async () => {
    await fixture.stop?.()
  })
  beforeEach(async () => {
    id = await fixture.snapshot()
  })
  afterEach(async () => {
    if (id) await fixture.revert(id)
    id = undefined
  })
  return fixture
}

/** Always non-negative remainder. */
export const mod = (a: number, m: number) => ((a % m) + m) % m

/** Seconds of the day as `HH:MM:SS` → seconds. */
export const clock = (hh: number, mm = 0, ss = 0) => hh * HOUR + mm * 60 + ss

/** The id of the sky minted in `receipt`. */
export function skyIdFrom(receipt: TransactionReceipt): bigint {
  const [transfer] = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'Transfer' })
  if (!transfer) throw new Error('no Transfer event in the receipt')
  return transfer.args.id
}

/** One ERC-4906 event with the contract that emitted it: a MetadataUpdate of one sky, or a BatchMetadataUpdate. */
export type MetadataUpdateEvent = { address: Address; skyId: bigint } | { address: Address; from: bigint; to: bigint }

/** The ERC-4906 events among `logs`, in order, each with its emitter (checksummed). */
export function metadataUpdates(logs: Log[]): MetadataUpdateEvent[] {
  return parseEventLogs({
    abi: chainellationAbi,
    logs,
    eventName: ['MetadataUpdate', 'BatchMetadataUpdate'],
  }).map((e) =>
    e.eventName === 'MetadataUpdate'
      ? { address: getAddress(e.address), skyId: e.args._tokenId }
      : { address: getAddress(e.address), from: e.args._fromTokenId, to: e.args._toTokenId },
  )
}

/**
 * Asserts that `promise` (a `simulate` or read call, so viem decodes the revert with the ABI) rejects
 * with custom error `errorName`, and, when given, exactly `args`.
 */
export async function expectRevert(promise: Promise<unknown>, errorName: string, args?: readonly unknown[]) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof BaseError)) throw new Error(`expected a revert with ${errorName}, got ${String(error)}`)
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  if (!(reverted instanceof ContractFunctionRevertedError)) {
    throw new Error(`expected a revert with ${errorName}, got: ${error.shortMessage}`)
  }
  expect(reverted.data?.errorName, reverted.shortMessage).toBe(errorName)
  if (args) expect(reverted.data?.args).toEqual(args)
}

export type Attribute = { trait_type: string; value: string | number }
export type Metadata = { name: string; description: string; image: string; attributes?: Attribute[] }

const JSON_PREFIX = 'data:application/json;base64,'
const SVG_PREFIX = 'data:image/svg+xml;base64,'

/** Decodes strict base64 (what the contracts emit); throws on anything else. */
export function fromBase64(text: string): string {
  const bytes = Buffer.from(text, 'base64')
  if (bytes.toString('base64') !== text) throw new Error('not canonical base64')
  return bytes.toString('utf8')
}

/** The JSON of a `data:application/json;base64,` token URI and the SVG in its image. */
export function decodeTokenURI(uri: string): { json: Metadata; svg: string } {
  if (!uri.startsWith(JSON_PREFIX)) throw new Error(`not a base64 JSON data URI: ${uri.slice(0, 40)}`)
  const json = JSON.parse(fromBase64(uri.slice(JSON_PREFIX.length))) as Metadata
  if (!json.image.startsWith(SVG_PREFIX))
    throw new Error(`image is not a base64 SVG data URI: ${json.image.slice(0, 40)}`)
  return { json, svg: fromBase64(json.image.slice(SVG_PREFIX.length)) }
}

/** The value of attribute `traitType`, or undefined. */
export function attribute(json: Metadata, traitType: string): string | number | undefined {
  return json.attributes?.find((a) => a.trait_type === traitType)?.value
}

/** The SVG documents embedded as `<image href="data:image/svg+xml;base64,…">` layers, in drawing order. */
export function embeddedImages(svg: string): string[] {
  return [...svg.matchAll(/<image href="data:image\/svg\+xml;base64,([^"]*)"/g)].map((m) => fromBase64(m[1] ?? ''))
}
