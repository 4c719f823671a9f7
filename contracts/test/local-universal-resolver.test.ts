// The local ENS stand-in, read through viem's own ENS actions exactly as the API reads mainnet's Universal Resolver.
import { type Address, BaseError, createPublicClient, createWalletClient, http, namehash } from 'viem'
import { getEnsAddress, getEnsName, getEnsText } from 'viem/actions'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from '../scripts/anvil.ts'
import { deployLocalUniversalResolver, localUniversalResolverAbi, setLocalName } from '../scripts/ens.ts'
import { anvilAccount } from '../scripts/safe.ts'

let anvil: Anvil
let resolver: Address
const client = () => createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
const [alice, bob, carol, dave] = [anvilAccount(1), anvilAccount(2), anvilAccount(3), anvilAccount(4)]

beforeAll(async () => {
  anvil = await startAnvil()
  resolver = await deployLocalUniversalResolver({ rpcUrl: anvil.rpcUrl, deployer: anvilAccount(0) })
})

afterAll(async () => {
  await anvil?.stop()
})

const at = () => ({ universalResolverAddress: resolver })

describe('LocalUniversalResolver', () => {
  it('gives an account the primary name, address and avatar it sets, through viem’s ENS actions', async () => {
    await setLocalName({
      rpcUrl: anvil.rpcUrl,
      resolver,
      account: alice,
      name: { name: 'alice.eth', avatar: 'https://avatars.example/alice.png' },
    })
    expect(await getEnsName(client(), { address: alice.address, ...at() })).toBe('alice.eth')
    expect(await getEnsAddress(client(), { name: 'alice.eth', ...at() })).toBe(alice.address)
    expect(await getEnsText(client(), { name: 'alice.eth', key: 'avatar', ...at() })).toBe(
      'https://avatars.example/alice.png',
    )
    expect(await getEnsText(client(), { name: 'alice.eth', key: 'url', ...at() })).toBeNull()
  })

  it('answers no name for an account without one, and no address for a name nobody holds', async () => {
    expect(await getEnsName(client(), { address: dave.address, ...at() })).toBeNull()
    expect(await getEnsAddress(client(), { name: 'nobody.eth', ...at() })).toBeNull()
    expect(await getEnsText(client(), { name: 'nobody.eth', key: 'avatar', ...at() })).toBeNull()
  })

  it('answers no name when the primary name resolves to another address (ENSIP-19)', async () => {
    // Bob claims Alice's name as his primary name; its address record still names Alice.
    await client().waitForTransactionReceipt({
      hash: await createWalletClient({ account: bob, chain: foundry, transport: http(anvil.rpcUrl) }).writeContract({
        address: resolver,
        abi: localUniversalResolverAbi,
        functionName: 'setName',
        args: ['alice.eth'],
      }),
    })
    expect(await getEnsName(client(), { address: bob.address, ...at() })).toBeNull()
    const strict = getEnsName(client(), { address: bob.address, strict: true, ...at() })
    await expect(strict).rejects.toThrow(/ReverseAddressMismatch/)
  })

  it('lets only the account that first wrote a name’s records write them again', async () => {
    const taken = setLocalName({ rpcUrl: anvil.rpcUrl, resolver, account: carol, name: { name: 'alice.eth' } })
    await expect(taken).rejects.toThrow(BaseError)
    await expect(taken).rejects.toThrow(/LocalUniversalResolverNotHolder/)
    expect(await getEnsAddress(client(), { name: 'alice.eth', ...at() })).toBe(alice.address)
    // A name of several labels hashes like ENS's namehash (ENSIP-1).
    await setLocalName({ rpcUrl: anvil.rpcUrl, resolver, account: carol, name: { name: 'sky.carol.eth' } })
    expect(await getEnsName(client(), { address: carol.address, ...at() })).toBe('sky.carol.eth')
    expect(
      await client().readContract({
        address: resolver,
        abi: localUniversalResolverAbi,
        functionName: 'addr',
        args: [namehash('sky.carol.eth')],
      }),
    ).toBe(carol.address)
  })
})
