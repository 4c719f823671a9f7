import { type Address, concat, encodeFunctionData, getAddress, type Hex, parseEventLogs, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  chainellationAbi,
  chainellationForwarderAbi,
  decorationsAbi,
  forwarderDomain,
  forwardRequestJson,
  forwardRequestTypes,
  prepareForwardRequest,
} from '../src/index.ts'
import { clock, decorationIds, expectRevert, type Player, skyIdFrom, useFixture } from './fixture.ts'

const f = useFixture()

/** Gas the forwarded call may use: what the relayer would cap it at. */
const GAS = 200_000n

const forwarder = () => f.deployment.contracts.Forwarder as Address

type Call = { to: Address; data: Hex; value?: bigint }

/** `player`'s signed request to make `call` through `via` (the game's forwarder unless told), as a wallet signs it. */
async function signRequest(
  player: Player,
  call: Call,
  options: { via?: Address; deadline?: number; nonce?: bigint } = {},
) {
  const via = options.via ?? forwarder()
  const nonce =
    options.nonce ??
    (await f.client.readContract({
      address: via,
      abi: chainellationForwarderAbi,
      functionName: 'nonces',
      args: [player.address],
    }))
  const message = {
    from: player.address,
    to: call.to,
    value: call.value ?? 0n,
    gas: GAS,
    nonce,
    deadline: options.deadline ?? (await f.now()) + 3_600,
    data: call.data,
  }
  const signature = await player.client.signTypedData({
    account: player.account,
    domain: forwarderDomain(f.client.chain.id, via),
    types: forwardRequestTypes,
    primaryType: 'ForwardRequest',
    message,
  })
  const { nonce: _, ...request } = message
  return { ...request, signature }
}

type Request = Awaited<ReturnType<typeof signRequest>>

/** `relayer` sends `request` to the forwarder (`via`), paying its gas; resolves with the receipt. */
async function relay(relayer: Player, request: Request, via = forwarder()) {
  const hash = await relayer.client.writeContract({
    address: via,
    abi: chainellationForwarderAbi,
    functionName: 'execute',
    args: [request],
    value: request.value,
  })
  return f.tx(hash)
}

/** The same request, simulated from `relayer`: a refusal decoded by name. */
const simulateRelay = (relayer: Player, request: Request, via = forwarder()) =>
  relayer.client.simulateContract({
    account: relayer.account,
    address: via,
    abi: chainellationForwarderAbi,
    functionName: 'execute',
    args: [request],
  })

const mintCall = (): Call => ({
  to: f.addresses.Chainellation,
  data: encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [3_600] }),
})

describe('the ERC-2771 forwarder', () => {
  it('is the one the skies and their registry trust, and no other address is', async () => {
    const trusted = (address: Address, abi: typeof chainellationAbi | typeof decorationsAbi) =>
      f.client.readContract({ address, abi, functionName: 'trustedForwarder' })
    expect(getAddress(await trusted(f.addresses.Chainellation, chainellationAbi))).toBe(getAddress(forwarder()))
    expect(getAddress(await trusted(f.addresses.Decorations, decorationsAbi))).toBe(getAddress(forwarder()))
    for (const other of [f.alice.address, zeroAddress])
      expect(
        await f.client.readContract({
          address: f.addresses.Chainellation,
          abi: chainellationAbi,
          functionName: 'isTrustedForwarder',
          args: [other],
        }),
      ).toBe(false)
  })

  it('mints to the player who signed, with the relayer paying the gas and the player nothing', async () => {
    const before = await f.client.getBalance({ address: f.alice.address })
    const relayerBefore = await f.client.getBalance({ address: f.carol.address })
    const receipt = await relay(f.carol, await signRequest(f.alice, mintCall()))
    const skyId = skyIdFrom(receipt)
    expect(await f.alice.sky.read.ownerOf([skyId])).toBe(f.alice.address)
    const [minted] = parseEventLogs({ abi: chainellationAbi, logs: receipt.logs, eventName: 'SkyMinted' })
    expect(minted?.args.owner).toBe(f.alice.address)
    expect(await f.client.getBalance({ address: f.alice.address })).toBe(before)
    expect(await f.client.getBalance({ address: f.carol.address })).toBe(
      relayerBefore - receipt.gasUsed * receipt.effectiveGasPrice,
    )
    // The forwarder's own record of it: the signer, the nonce it used, and that the call succeeded.
    const [executed] = parseEventLogs({
      abi: chainellationForwarderAbi,
      logs: receipt.logs,
      eventName: 'ExecutedForwardRequest',
    })
    expect(executed?.args).toEqual({ signer: f.alice.address, nonce: 0n, success: true })
  })

  it('takes a request prepared from the chain as a page prepares one, and its JSON body for the relay route', async () => {
    const call = mintCall()
    const message = await prepareForwardRequest(f.client, {
      from: f.alice.address,
      ...call,
      forwarder: forwarder(),
      gasCap: 1_000_000,
    })
    expect(message.nonce).toBe(0n)
    expect(message.deadline).toBe((await f.now()) + 600)
    const signature = await f.alice.client.signTypedData({
      account: f.alice.account,
      domain: forwarderDomain(f.client.chain.id, forwarder()),
      types: forwardRequestTypes,
      primaryType: 'ForwardRequest',
      message,
    })
    // What the route reads: numbers as decimal strings, and no nonce (the forwarder holds it).
    const body = JSON.parse(JSON.stringify(forwardRequestJson(message, signature)))
    expect(body).toEqual({
      from: f.alice.address,
      to: call.to,
      value: '0',
      gas: message.gas.toString(),
      deadline: message.deadline,
      data: call.data,
      signature,
    })
    const { nonce: _, ...request } = message
    const receipt = await relay(f.carol, { ...request, signature })
    expect(await f.alice.sky.read.ownerOf([skyIdFrom(receipt)])).toBe(f.alice.address)
  })

  it('gazes and sets layers for the player who signed', async () => {
    const skyId = await f.mint(f.alice, 3_600)
    await f.toLocalTime(3_600, clock(22))
    const gaze = await signRequest(f.alice, {
      to: f.addresses.Chainellation,
      data: encodeFunctionData({ abi: chainellationAbi, functionName: 'starGaze', args: [skyId] }),
    })
    const gazed = await relay(f.carol, gaze)
    expect(parseEventLogs({ abi: chainellationAbi, logs: gazed.logs, eventName: 'Stargazed' })[0]?.args).toEqual({
      skyId,
      gazes: 1n,
    })
    const layers = await signRequest(f.alice, {
      to: f.addresses.Decorations,
      data: encodeFunctionData({
        abi: decorationsAbi,
        functionName: 'setLayers',
        args: [skyId, [{ layer: 1, decorationId: decorationIds.RollingHills, tokenId: 0n }]],
      }),
    })
    const set = await relay(f.carol, layers)
    const [updated] = parseEventLogs({ abi: decorationsAbi, logs: set.logs, eventName: 'LayersUpdated' })
    expect(updated?.args.skyId).toBe(skyId)
    expect(updated?.args.owner).toBe(f.alice.address)
  })

  it('acts for no one but the signer: a player cannot gaze at another’s sky through it', async () => {
    const skyId = await f.mint(f.alice, 3_600)
    await f.toLocalTime(3_600, clock(22))
    const data = encodeFunctionData({ abi: chainellationAbi, functionName: 'starGaze', args: [skyId] })
    // The forwarder reverts with the call's failure; the game's reason, as the call the forwarder makes meets it.
    await expectRevert(
      simulateRelay(f.carol, await signRequest(f.bob, { to: f.addresses.Chainellation, data })),
      'FailedCall',
    )
    await expectRevert(
      f.client.simulateContract({
        account: forwarder(),
        address: f.addresses.Chainellation,
        abi: chainellationAbi,
        functionName: 'starGaze',
        args: [skyId],
        dataSuffix: f.bob.address,
      }),
      'ChainellationNotSkyOwner',
      [skyId, f.bob.address],
    )
  })

  it('refuses a forged signature, a replayed request and an expired one before the call', async () => {
    const forged = { ...(await signRequest(f.alice, mintCall())), from: f.bob.address }
    await expectRevert(simulateRelay(f.carol, forged), 'ERC2771ForwarderInvalidSigner')

    const once = await signRequest(f.alice, mintCall())
    await relay(f.carol, once)
    // The signed nonce is used: the same request no longer recovers to its signer.
    await expectRevert(simulateRelay(f.carol, once), 'ERC2771ForwarderInvalidSigner')

    const expired = await signRequest(f.alice, mintCall(), { deadline: (await f.now()) - 1 })
    await expectRevert(simulateRelay(f.carol, expired), 'ERC2771ForwarderExpiredRequest')
    expect(await f.alice.sky.read.balanceOf([f.alice.address])).toBe(1n)
  })

  it('lets a forwarder the game does not trust act for no one', async () => {
    const untrusted = await f.deploy('ChainellationForwarder', [])
    const request = await signRequest(f.alice, mintCall(), { via: untrusted })
    await expectRevert(simulateRelay(f.carol, request, untrusted), 'ERC2771UntrustfulTarget', [
      f.addresses.Chainellation,
      untrusted,
    ])
    // A caller that appends someone's address as a forwarder would is itself the caller.
    const hash = await f.bob.client.sendTransaction({
      to: f.addresses.Chainellation,
      data: concat([mintCall().data, f.alice.address]),
    })
    const skyId = skyIdFrom(await f.tx(hash))
    expect(await f.bob.sky.read.ownerOf([skyId])).toBe(f.bob.address)
    expect(await f.alice.sky.read.balanceOf([f.alice.address])).toBe(0n)
  })

  it('keeps the owner’s functions to the owner, through it as directly', async () => {
    const setPrices = (base: bigint) => ({
      to: f.addresses.Chainellation,
      data: encodeFunctionData({ abi: chainellationAbi, functionName: 'setPrices', args: [base, 0n] }),
    })
    await expectRevert(
      f.client.simulateContract({
        account: forwarder(),
        address: f.addresses.Chainellation,
        abi: chainellationAbi,
        functionName: 'setPrices',
        args: [1n, 0n],
        dataSuffix: f.alice.address,
      }),
      'OwnableUnauthorizedAccount',
      [f.alice.address],
    )
    await expectRevert(simulateRelay(f.carol, await signRequest(f.alice, setPrices(1n))), 'FailedCall')
    await relay(f.carol, await signRequest(f.owner, setPrices(7n)))
    expect(await f.alice.sky.read.basePrice()).toBe(7n)
  })
})
