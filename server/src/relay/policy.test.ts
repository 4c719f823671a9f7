import { chainellationAbi, decorationsAbi, forwarderDomain, forwardRequestTypes } from '@chainellation/contracts'
import { type Address, encodeFunctionData, type Hex, zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { checkRequest, checkSignature, type RelayPolicy, type RelayRequest, relayRequestSchema } from './policy'

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
  signature: '0x',
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
