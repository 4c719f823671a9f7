import { chainellationAbi, decorationsAbi, forwarderDomain, forwardRequestTypes } from '@chainellation/contracts'
import {
  type Address,
  concat,
  encodeFunctionData,
  type Hex,
  parseSignature,
  recoverTypedDataAddress,
  serializeSignature,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  canonicalSignature,
  checkRequest,
  checkSignature,
  type RelayPolicy,
  type RelayRequest,
  relayRequestSchema,
} from './policy'

const policy: RelayPolicy = {
  chainId: 31_337,
  forwarder: '0x959922bE3CAee4b8Cd9a407cc3ac1C251C2007B1',
  contracts: {
    Chainellation: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    Decorations: '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6',
  },
  gasCap: 300_000n,
  maxDeadlineSeconds: 3_600,
}
const NOW = 1_800_000_000
const player = privateKeyToAccount(generatePrivateKey())

const sky = (functionName: 'mint' | 'starGaze' | 'starGazeMany' | 'setPrices' | 'transferFrom', args: unknown[]) =>
  encodeFunctionData({ abi: chainellationAbi, functionName, args } as never)
const request = (overrides: Partial<RelayRequest> = {}): RelayRequest => ({
  from: player.address,
  to: policy.contracts.Chainellation,
  value: 0n,
  gas: 200_000n,
  deadline: NOW + 600,
  data: sky('mint', [3_600]),
  signature: `0x${'11'.repeat(64)}1b`,
  ...overrides,
})

describe('relayRequestSchema', () => {
  it('reads a signed request as the page sends it, numbers as decimal strings', () => {
    const parsed = relayRequestSchema.parse({
      from: player.address.toLowerCase(),
      to: policy.contracts.Chainellation,
      value: '0',
      gas: '200000',
      deadline: NOW,
      data: '0x1249c58b',
      signature: `0x${'ab'.repeat(65)}`,
    })
    expect(parsed).toMatchObject({ from: player.address, value: 0n, gas: 200_000n, deadline: NOW })
  })

  it('refuses what is not an address, hex data or a whole number', () => {
    const good = {
      from: player.address,
      to: zeroAddress,
      value: '0',
      gas: '1',
      deadline: NOW,
      data: '0x',
      signature: '0x',
    }
    for (const bad of [
      { from: '0x1234' },
      { data: 'mint' },
      { data: '0xabc' },
      { value: '-1' },
      { gas: '1.5' },
      { deadline: 2 ** 48 },
    ])
      expect(relayRequestSchema.safeParse({ ...good, ...bad }).success, JSON.stringify(bad)).toBe(false)
  })
})

describe('checkRequest', () => {
  it('accepts the functions a player plays with, on the game’s contracts', () => {
    expect(checkRequest(request(), policy, NOW)).toEqual({ contract: 'Chainellation', functionName: 'mint' })
    expect(checkRequest(request({ data: sky('starGaze', [1n]) }), policy, NOW)).toMatchObject({
      functionName: 'starGaze',
    })
    expect(checkRequest(request({ data: sky('starGazeMany', [[1n, 2n]]) }), policy, NOW)).toMatchObject({
      functionName: 'starGazeMany',
    })
    const layers = encodeFunctionData({
      abi: decorationsAbi,
      functionName: 'setLayers',
      args: [1n, [{ layer: 1, decorationId: 1, tokenId: 0n }]],
    })
    expect(checkRequest(request({ to: policy.contracts.Decorations, data: layers }), policy, NOW)).toEqual({
      contract: 'Decorations',
      functionName: 'setLayers',
    })
  })

  it('refuses another contract, another function, ether, too much gas and a deadline past or far off, saying so', () => {
    const refusals: [Partial<RelayRequest>, string][] = [
      [{ to: zeroAddress }, 'not-game'],
      [{ data: sky('setPrices', [1n, 1n]) }, 'not-playable'],
      [{ data: sky('transferFrom', [player.address, zeroAddress, 1n]) }, 'not-playable'],
      [{ data: '0xdeadbeef' }, 'not-playable'],
      [{ value: 1n }, 'value'],
      [{ gas: 300_001n }, 'gas'],
      [{ deadline: NOW }, 'expired'],
      [{ deadline: NOW + 3_601 }, 'deadline'],
    ]
    for (const [overrides, code] of refusals) {
      const result = checkRequest(request(overrides), policy, NOW)
      expect(result, code).toMatchObject({ code })
      expect((result as { message: string }).message).toMatch(/pay its gas yourself\.$/)
    }
  })

  it('refuses calldata other than the ABI’s own encoding of its call: bytes after the arguments or between them', () => {
    const mint = sky('mint', [3_600])
    const padded = checkRequest(request({ data: concat([mint, `0x${'ab'.repeat(3_900)}`]) }), policy, NOW)
    expect(padded).toMatchObject({ code: 'not-playable', reason: 'calldata' })
    expect((padded as { message: string }).message).toMatch(/carries 3900 bytes after its arguments/)
    expect(checkRequest(request({ data: concat([mint, '0x00']) }), policy, NOW)).toMatchObject({ reason: 'calldata' })
    // An array's offset pointing past 32 bytes of junk: decoded to the same call, encoded without them.
    const word = (n: number) => n.toString(16).padStart(64, '0')
    const gazes = sky('starGazeMany', [[7n]])
    const detour = `${gazes.slice(0, 10)}${word(0x40)}${'ee'.repeat(32)}${word(1)}${word(7)}` as Hex
    expect(checkRequest(request({ data: detour }), policy, NOW)).toMatchObject({ reason: 'calldata' })
    // The same call in upper-case hex is the same bytes, read as they are.
    const upper = relayRequestSchema.parse({
      ...request({ data: `0x${mint.slice(2).toUpperCase()}` }),
      value: '0',
      gas: '200000',
    })
    expect(checkRequest(upper, policy, NOW)).toMatchObject({ functionName: 'mint' })
  })

  it('refuses no gas, and gas that with its calldata’s is over the cap, naming each', () => {
    expect(checkRequest(request({ gas: 0n }), policy, NOW)).toMatchObject({ code: 'gas', reason: 'gas-zero' })
    // A batch of 500 gazes: 16,068 bytes of calldata, 65,000 gas of it on its own.
    const many = sky('starGazeMany', [Array.from({ length: 500 }, (_, i) => BigInt(i + 1))])
    expect(checkRequest(request({ data: many, gas: 250_000n }), policy, NOW)).toMatchObject({
      code: 'gas',
      reason: 'gas-cap',
    })
    expect(checkRequest(request({ data: many, gas: 200_000n }), policy, NOW)).toMatchObject({
      functionName: 'starGazeMany',
    })
  })

  it('refuses a signature of any length but the 65 bytes the forwarder reads', () => {
    for (const signature of ['0x', `0x${'11'.repeat(64)}`, `0x${'11'.repeat(64)}1b00`] as Hex[])
      expect(checkRequest(request({ signature }), policy, NOW)).toMatchObject({ code: 'signature' })
  })
})

describe('canonicalSignature', () => {
  it('spells a signature’s every twin the same: letter case, a high s, a v of 0 or 1, all recovering its signer', async () => {
    const { signature: _, ...fields } = request()
    const typed = {
      domain: forwarderDomain(policy.chainId, policy.forwarder),
      types: forwardRequestTypes,
      primaryType: 'ForwardRequest',
      message: { ...fields, nonce: 0n },
    } as const
    const signature = await player.signTypedData(typed)
    const { r, s, yParity } = parseSignature(signature)
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
    const highS = concat([r, `0x${(n - BigInt(s)).toString(16).padStart(64, '0')}`, yParity ? '0x1b' : '0x1c'])
    const twins: Hex[] = [
      signature,
      `0x${signature.slice(2).toUpperCase()}`,
      serializeSignature({ r, s, yParity }).replace(/1[bc]$/, yParity ? '01' : '00') as Hex,
      highS,
    ]
    const canonical = twins.map(canonicalSignature)
    expect(new Set(canonical)).toEqual(new Set([signature.toLowerCase()]))
    expect(await recoverTypedDataAddress({ ...typed, signature: canonical[0] as Hex })).toBe(player.address)
    expect(canonicalSignature(`0x${'11'.repeat(64)}1d`)).toBeUndefined()
    expect(canonicalSignature(`0x${'11'.repeat(64)}`)).toBeUndefined()
  })
})

describe('checkSignature', () => {
  const signed = async (
    nonce: bigint,
    overrides: Partial<RelayRequest> = {},
    forwarder: Address = policy.forwarder,
  ) => {
    const { signature: _, ...fields } = request(overrides)
    const signature = await player.signTypedData({
      domain: forwarderDomain(policy.chainId, forwarder),
      types: forwardRequestTypes,
      primaryType: 'ForwardRequest',
      message: { ...fields, nonce },
    })
    return { ...fields, signature }
  }

  it('takes a request its sender signed for the forwarder at the sender’s current nonce', async () => {
    expect(await checkSignature(await signed(3n), policy, 3n)).toBeUndefined()
  })

  it('refuses a signature by someone else, at a used nonce, for another forwarder, or that is not one', async () => {
    const other = privateKeyToAccount(generatePrivateKey())
    const forged = { ...(await signed(0n)), from: other.address }
    const corrupt: Hex = `0x${'11'.repeat(65)}`
    for (const [req, nonce] of [
      [forged, 0n],
      [await signed(2n), 3n],
      [await signed(0n, {}, zeroAddress), 0n],
      [{ ...(await signed(0n)), signature: corrupt }, 0n],
      [{ ...(await signed(0n)), signature: '0x' as Hex }, 0n],
    ] as const)
      expect(await checkSignature(req, policy, nonce)).toMatchObject({ code: 'signature' })
  })
})
