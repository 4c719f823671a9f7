import { type Address, encodeFunctionData, getAddress, type Hex, hashMessage, parseEventLogs } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  anvilAccount,
  counterfactualSignature,
  createSafe,
  deployLocalSafes,
  executeSafeTransaction,
  type LocalSafes,
  multiSendCall,
  packSignatures,
  predictSafeAddress,
  SAFE_VERSION,
  safeAbi,
  safeTransaction,
  signSafeMessage,
  signSafeTransaction,
} from '../scripts/safe.ts'
import { chainellationAbi } from '../src/index.ts'
import { useFixture } from './fixture.ts'

const f = useFixture()
let safes: LocalSafes
const owner1 = anvilAccount(10)
const [owner2a, owner2b] = [anvilAccount(11), anvilAccount(12)]

beforeAll(async () => {
  safes = await deployLocalSafes({ rpcUrl: f.rpcUrl, deployer: f.owner.account })
})

const mintCall = () => ({
  to: f.addresses.Chainellation,
  value: 0n,
  data: encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] }),
})

async function nonceOf(safe: Address) {
  return f.client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })
}

async function execute(safe: Address, call: ReturnType<typeof mintCall>, signers = [owner1]) {
  const tx = safeTransaction(call, await nonceOf(safe))
  const signatures = packSignatures(
    await Promise.all(
      signers.map(async (s) => ({
        signer: s.address,
        data: await signSafeTransaction(s, f.client.chain.id, safe, tx),
      })),
    ),
  )
  const hash = await executeSafeTransaction({ rpcUrl: f.rpcUrl, safe, tx, signatures, executor: signers[0] ?? owner1 })
  return f.client.waitForTransactionReceipt({ hash })
}

describe('the local Safes', () => {
  it('are real Safes of the pinned release, with the owners and thresholds the stack promises', async () => {
    const { oneOfOne, twoOfTwo } = safes
    expect(await f.client.readContract({ address: oneOfOne.address, abi: safeAbi, functionName: 'VERSION' })).toBe(
      SAFE_VERSION,
    )
    expect(await f.client.readContract({ address: oneOfOne.address, abi: safeAbi, functionName: 'getOwners' })).toEqual(
      [owner1.address],
    )
    expect(await f.client.readContract({ address: oneOfOne.address, abi: safeAbi, functionName: 'getThreshold' })).toBe(
      1n,
    )
    expect(
      new Set(await f.client.readContract({ address: twoOfTwo.address, abi: safeAbi, functionName: 'getOwners' })),
    ).toEqual(new Set([owner2a.address, owner2b.address]))
    expect(await f.client.readContract({ address: twoOfTwo.address, abi: safeAbi, functionName: 'getThreshold' })).toBe(
      2n,
    )
    expect(await f.client.getBalance({ address: oneOfOne.address })).toBeGreaterThan(0n)
  })

  it('mint a sky through the 1-of-1 Safe with its owner signature; the sky belongs to the Safe', async () => {
    const safe = safes.oneOfOne.address
    const receipt = await execute(safe, mintCall())
    expect(receipt.status).toBe('success')
    expect(parseEventLogs({ abi: safeAbi, logs: receipt.logs, eventName: 'ExecutionSuccess' })).toHaveLength(1)
    expect(
      await f.client.readContract({
        address: f.addresses.Chainellation,
        abi: chainellationAbi,
        functionName: 'ownerOf',
        args: [1n],
      }),
    ).toBe(safe)
    expect(await nonceOf(safe)).toBe(1n)
  })

  it('refuse a 2-of-2 transaction with one signature and run it with both', async () => {
    const safe = safes.twoOfTwo.address
    await expect(execute(safe, mintCall(), [owner2a])).rejects.toThrow(/GS020/)
    const receipt = await execute(safe, mintCall(), [owner2a, owner2b])
    expect(receipt.status).toBe('success')
    expect(
      await f.client.readContract({
        address: f.addresses.Chainellation,
        abi: chainellationAbi,
        functionName: 'balanceOf',
        args: [safe],
      }),
    ).toBe(1n)
  })

  it('batch calls through MultiSendCallOnly in one Safe transaction', async () => {
    const safe = safes.oneOfOne.address
    const batch = multiSendCall(safes.contracts, [mintCall(), mintCall(), mintCall()])
    const tx = safeTransaction(batch, await nonceOf(safe))
    const signatures = await signSafeTransaction(owner1, f.client.chain.id, safe, tx)
    const hash = await executeSafeTransaction({ rpcUrl: f.rpcUrl, safe, tx, signatures, executor: owner1 })
    expect((await f.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(
      await f.client.readContract({
        address: f.addresses.Chainellation,
        abi: chainellationAbi,
        functionName: 'balanceOf',
        args: [safe],
      }),
    ).toBe(3n)
  })
})

describe('Safe signatures of a text message', () => {
  const text = 'chainellation wants you to sign in'
  const magic = '0x1626ba7e'

  it('verify through ERC-1271 for a deployed Safe, and not for a different message', async () => {
    const safe = safes.oneOfOne.address
    const signature = await signSafeMessage([owner1], f.client.chain.id, safe, hashMessage(text))
    expect(
      await f.client.readContract({
        address: safe,
        abi: safeAbi,
        functionName: 'isValidSignature',
        args: [hashMessage(text), signature],
      }),
    ).toBe(magic)
    expect(await f.client.verifyMessage({ address: safe, message: text, signature })).toBe(true)
    expect(await f.client.verifyMessage({ address: safe, message: `${text}!`, signature })).toBe(false)
  })

  it('need every owner of the 2-of-2', async () => {
    const safe = safes.twoOfTwo.address
    const one = await signSafeMessage([owner2a], f.client.chain.id, safe, hashMessage(text))
    const both = await signSafeMessage([owner2a, owner2b], f.client.chain.id, safe, hashMessage(text))
    expect(await f.client.verifyMessage({ address: safe, message: text, signature: one })).toBe(false)
    expect(await f.client.verifyMessage({ address: safe, message: text, signature: both })).toBe(true)
  })

  it('verify through ERC-6492 for a Safe that is not deployed yet', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const args = { rpcUrl: f.rpcUrl, contracts: safes.contracts, owners: [owner.address], threshold: 1, saltNonce: 7n }
    const safe = await predictSafeAddress(args)
    expect(await f.client.getCode({ address: safe })).toBeUndefined()
    const inner = await signSafeMessage([owner], f.client.chain.id, safe, hashMessage(text))
    const signature: Hex = counterfactualSignature(safes.contracts, [owner.address], 1, 7n, inner)
    expect(await f.client.verifyMessage({ address: safe, message: text, signature })).toBe(true)
    expect(await f.client.verifyMessage({ address: safe, message: `${text}!`, signature })).toBe(false)
    // The check deployed nothing; creating the Safe for real lands at the predicted address.
    expect(await f.client.getCode({ address: safe })).toBeUndefined()
    const created = await createSafe({ ...args, sender: f.owner.account })
    expect(created.address).toBe(getAddress(safe))
  })
})
