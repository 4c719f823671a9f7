// Sign-in from a Safe, as Safe{Wallet} signs for a Safe App: the official Safe contracts on anvil, owners'
// SafeMessage signatures checked by the Safe itself (ERC-1271), or by the factory call that would create it
// (ERC-6492) for a Safe not deployed yet.
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import {
  anvilAccount,
  counterfactualSignature,
  deployLocalSafes,
  type LocalSafes,
  predictSafeAddress,
  signSafeMessage,
} from '@chainellation/contracts/safe'
import { type Address, createPublicClient, type Hex, hashMessage, http, type LocalAccount } from 'viem'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/database'
import { browser, messageFor, testOrigin as origin, postVerify, sessionCookieOf } from '../../test/sign-in'
import { createApp } from '../app'
import type { DatabaseHandle } from '../db'

const CHAIN_ID = 31337
const owner1 = anvilAccount(10)
const [owner2a, owner2b] = [anvilAccount(11), anvilAccount(12)] as [LocalAccount, LocalAccount]
const stranger = anvilAccount(13)

let chain: Anvil
let database: DatabaseHandle
let safes: LocalSafes
beforeAll(async () => {
  // In-memory PGlite by default; TEST_DATABASE_URL runs the same tests against a Postgres server.
  ;[chain, database] = await Promise.all([startAnvil(), openTestDatabase()])
  safes = await deployLocalSafes({ rpcUrl: chain.rpcUrl, deployer: anvilAccount(0) })
})
afterAll(async () => {
  await Promise.all([chain?.stop(), database?.close()])
})

/** An app for the local chain and the dev server's origin, on a fixed clock. */
function setup() {
  const now = () => new Date(Date.parse('2026-03-01T21:00:00Z'))
  const app = browser(
    createApp({
      config: {
        chainId: CHAIN_ID,
        contracts: {},
        auth: { origins: [origin], chains: [{ chain: anvilChain, rpcUrl: chain.rpcUrl }] },
      },
      db: database.db,
      now,
    }),
  )
  return { app, now }
}

type Setup = ReturnType<typeof setup>

/** A fresh nonce and the sign-in message for `safe`, as the web app builds it inside Safe{Wallet}. */
async function messageForSafe({ app, now }: Setup, safe: Address) {
  const { nonce } = (await (await app.request('/api/auth/nonce')).json()) as { nonce: string }
  // messageFor takes an account only for its address, which the Safe's replaces.
  return messageFor(owner1, nonce, now(), { address: safe })
}

const verify = ({ app }: Setup, message: string, signature: Hex) => postVerify(app, { message, signature })

/** The Safe's signature of a sign-in message, by `owners`. */
const safeSignature = (owners: LocalAccount[], safe: Address, message: string) =>
  signSafeMessage(owners, CHAIN_ID, safe, hashMessage(message))

const mismatch = 'The signature does not match the message and its address.'
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error

const codeAt = (address: Address) =>
  createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) }).getCode({ address })

describe('sign-in from a Safe', () => {
  it('signs a deployed 1-of-1 Safe in with its owner’s signature; the session is the Safe’s', async () => {
    const s = setup()
    const safe = safes.oneOfOne.address
    const message = await messageForSafe(s, safe)
    const res = await verify(s, message, await safeSignature([owner1], safe, message))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ address: safe, chainId: CHAIN_ID })
    const cookie = sessionCookieOf(res)
    expect(cookie).toBeDefined()

    const session = await s.app.request('/api/auth/session', { headers: { Cookie: cookie as string } })
    expect(await session.json()).toEqual({ authenticated: true, address: safe, chainId: CHAIN_ID })
  })

  it('refuses a 2-of-2 Safe signed by one owner, and accepts it signed by both', async () => {
    const s = setup()
    const safe = safes.twoOfTwo.address
    const message = await messageForSafe(s, safe)
    for (const owner of [owner2a, owner2b]) {
      const res = await verify(s, message, await safeSignature([owner], safe, message))
      expect(res.status, owner.address).toBe(401)
      expect(await errorOf(res)).toBe(mismatch)
      expect(sessionCookieOf(res)).toBeUndefined()
    }
    // A refused attempt leaves the nonce usable, so the same message signed by both owners now goes through.
    const res = await verify(s, message, await safeSignature([owner2a, owner2b], safe, message))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ address: safe, chainId: CHAIN_ID })
  })

  describe('a Safe not deployed yet (ERC-6492)', () => {
    const counterfactual = async (saltNonce: bigint) => {
      const owners = [owner1.address]
      const safe = await predictSafeAddress({
        rpcUrl: chain.rpcUrl,
        contracts: safes.contracts,
        owners,
        threshold: 1,
        saltNonce,
      })
      const sign = async (signer: LocalAccount, message: string) =>
        counterfactualSignature(safes.contracts, owners, 1, saltNonce, await safeSignature([signer], safe, message))
      return { safe, sign }
    }

    it('signs in with the factory call that would create it, and stays undeployed', async () => {
      const { safe, sign } = await counterfactual(1001n)
      expect(await codeAt(safe)).toBeUndefined()
      const s = setup()
      const message = await messageForSafe(s, safe)
      const res = await verify(s, message, await sign(owner1, message))
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ address: safe, chainId: CHAIN_ID })
      expect(await codeAt(safe)).toBeUndefined()
    })

    it('refuses it signed by someone who would not own it', async () => {
      const { safe, sign } = await counterfactual(1002n)
      const s = setup()
      const message = await messageForSafe(s, safe)
      const res = await verify(s, message, await sign(stranger, message))
      expect(res.status).toBe(401)
      expect(await errorOf(res)).toBe(mismatch)
      expect(await codeAt(safe)).toBeUndefined()
    })
  })

  it('refuses a Safe signature replayed for another nonce, and for the same one once used', async () => {
    const s = setup()
    const safe = safes.oneOfOne.address
    const signed = await messageForSafe(s, safe)
    const signature = await safeSignature([owner1], safe, signed)
    const other = await verify(s, await messageForSafe(s, safe), signature)
    expect(other.status).toBe(401)
    expect(await errorOf(other)).toBe(mismatch)
    expect((await verify(s, signed, signature)).status).toBe(200)
    const again = await verify(s, signed, signature)
    expect(again.status).toBe(401)
    expect(await errorOf(again)).toMatch(/already been used/)
  })

  it('refuses an owner’s own signature of the message with the Safe as the address', async () => {
    const s = setup()
    const safe = safes.oneOfOne.address
    const message = await messageForSafe(s, safe)
    const res = await verify(s, message, await owner1.signMessage({ message }))
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toBe(mismatch)
  })
})
