import { readFileSync } from 'node:fs'
import { type Address, getContract, parseEventLogs, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { decorationSpecs } from '../scripts/decorations.ts'
import { decorationTokenAbi } from '../src/index.ts'
import { decodeTokenURI, expectRevert, gwei, type Player, useFixture } from './fixture.ts'

const f = useFixture()

const tokenSpecs = decorationSpecs.flatMap((s) => (s.free ? [] : [s]))
const art = (file: string) => readFileSync(new URL(`../decoration-art/${file}`, import.meta.url), 'utf8')

/** Deploys a fresh DecorationToken owned by the deployer. */
async function deployToken(price: bigint, maxSupply: number, name = 'Kite', symbol = 'KITE', svg = '<svg/>') {
  const address = await f.deploy('DecorationToken', [f.owner.address, name, symbol, svg, price, maxSupply])
  return (player: Player) => getContract({ address, abi: decorationTokenAbi, client: player.client })
}

describe('shipped tokens', () => {
  it.each(tokenSpecs.map((s) => [s.key, s] as const))('%s has its name, symbol, art and supply', async (key, spec) => {
    const token = getContract({
      address: f.addresses[key as 'Lighthouse'],
      abi: decorationTokenAbi,
      client: f.alice.client,
    })
    expect(await token.read.name()).toBe(spec.name)
    expect(await token.read.decorationName()).toBe(spec.name)
    expect(await token.read.symbol()).toBe(spec.symbol)
    expect(await token.read.maxSupply()).toBe(BigInt(spec.maxSupply))
    expect(await token.read.totalSupply()).toBe(0n)
    expect(await token.read.price()).toBe(0n)
    expect(await token.read.owner()).toBe(f.owner.address)
    expect(await token.read.decorationSVG([0n])).toBe(art(spec.art))
  })
})

describe('mint', () => {
  it('mints ids from 1 to the caller and emits Transfer', async () => {
    for (const [i, player] of [f.alice, f.bob, f.alice].entries()) {
      const receipt = await f.tx(player.lighthouse.write.mint())
      const [transfer] = parseEventLogs({ abi: decorationTokenAbi, logs: receipt.logs, eventName: 'Transfer' })
      expect(transfer?.args).toEqual({ from: zeroAddress, to: player.address, id: BigInt(i + 1) })
    }
    expect(await f.alice.lighthouse.read.totalSupply()).toBe(3n)
    expect(await f.alice.lighthouse.read.balanceOf([f.alice.address])).toBe(2n)
    expect(await f.alice.lighthouse.read.ownerOf([2n])).toBe(f.bob.address)
    expect((await f.carol.lighthouse.simulate.mint()).result).toBe(4n)
  })

  it('takes exactly the price', async () => {
    const receipt = await f.tx(f.owner.comet.write.setPrice([3n * gwei]))
    const [event] = parseEventLogs({ abi: decorationTokenAbi, logs: receipt.logs, eventName: 'PriceUpdated' })
    expect(event?.args).toEqual({ price: 3n * gwei })
    expect(await f.alice.comet.read.price()).toBe(3n * gwei)
    for (const paid of [0n, 3n * gwei - 1n, 3n * gwei + 1n, 6n * gwei]) {
      await expectRevert(f.alice.comet.simulate.mint({ value: paid }), 'DecorationTokenWrongPayment', [paid, 3n * gwei])
    }
    await f.tx(f.alice.comet.write.mint({ value: 3n * gwei }))
    expect(await f.client.getBalance({ address: f.addresses.Comet })).toBe(3n * gwei)
    await f.tx(f.owner.comet.write.setPrice([0n]))
    await expectRevert(f.alice.comet.simulate.mint({ value: 1n }), 'DecorationTokenWrongPayment', [1n, 0n])
  })

  it('stops at the supply cap with DecorationTokenSoldOut', async () => {
    const token = await deployToken(gwei, 2)
    expect(await token(f.alice).read.maxSupply()).toBe(2n)
    await f.tx(token(f.alice).write.mint({ value: gwei }))
    await f.tx(token(f.bob).write.mint({ value: gwei }))
    await expectRevert(token(f.carol).simulate.mint({ value: gwei }), 'DecorationTokenSoldOut', [2n])
    await expectRevert(token(f.carol).simulate.mint({ value: 0n }), 'DecorationTokenSoldOut', [2n])
    expect(await token(f.alice).read.totalSupply()).toBe(2n)
  })
})

describe('metadata', () => {
  it('tokenURI is base64 JSON with the numbered name and the art as image', async () => {
    await f.tx(f.alice.campfire.write.mint())
    await f.tx(f.alice.campfire.write.mint())
    const { json, svg } = decodeTokenURI(await f.alice.campfire.read.tokenURI([2n]))
    expect(json.name).toBe('Campfire #2')
    expect(json.description).toContain('chainellation decoration')
    expect(svg).toBe(art('campfire.svg'))
    expect(await f.alice.campfire.read.decorationSVG([2n])).toBe(svg)
  })

  it('ERC-721 calls name a token not minted, the zero address or a caller without the right', async () => {
    await f.tx(f.alice.comet.write.mint())
    const { comet } = f.alice
    for (const missing of [0n, 2n]) {
      await expectRevert(comet.read.ownerOf([missing]), 'TokenDoesNotExist')
      await expectRevert(comet.simulate.transferFrom([f.alice.address, f.bob.address, missing]), 'TokenDoesNotExist')
    }
    await expectRevert(comet.read.balanceOf([zeroAddress]), 'BalanceQueryForZeroAddress')
    await expectRevert(comet.simulate.transferFrom([f.alice.address, zeroAddress, 1n]), 'TransferToZeroAddress')
    await expectRevert(f.bob.comet.simulate.transferFrom([f.alice.address, f.bob.address, 1n]), 'NotOwnerNorApproved')
  })

  it('tokenURI of a token not minted reverts with the same error as ownerOf', async () => {
    await f.tx(f.alice.comet.write.mint())
    await expectRevert(f.alice.comet.read.tokenURI([0n]), 'TokenDoesNotExist')
    await expectRevert(f.alice.comet.read.tokenURI([2n]), 'TokenDoesNotExist')
  })

  it('keeps any name, symbol and art exactly', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><text>Étoile ✦ "quoted"</text>${'<circle r="1"/>'.repeat(900)}</svg>`
    const token = (await deployToken(0n, 5, 'Étoile filante', 'ÉTOILE', svg))(f.alice)
    expect(await token.read.name()).toBe('Étoile filante')
    expect(await token.read.symbol()).toBe('ÉTOILE')
    expect(await token.read.decorationName()).toBe('Étoile filante')
    expect(await token.read.decorationSVG([123n])).toBe(svg)
    await f.tx(token.write.mint())
    const { json, svg: image } = decodeTokenURI(await token.read.tokenURI([1n]))
    expect(json.name).toBe('Étoile filante #1')
    expect(image).toBe(svg)
  })
})

describe('owner', () => {
  it('setPrice and withdraw are for the owner only', async () => {
    await expectRevert(f.alice.lighthouse.simulate.setPrice([1n]), 'OwnableUnauthorizedAccount', [f.alice.address])
    await expectRevert(f.alice.lighthouse.simulate.withdraw([f.alice.address]), 'OwnableUnauthorizedAccount', [
      f.alice.address,
    ])
  })

  it('withdraw sends the whole balance and emits Withdrawn', async () => {
    await f.tx(f.owner.lighthouse.write.setPrice([2n * gwei]))
    await f.tx(f.alice.lighthouse.write.mint({ value: 2n * gwei }))
    await f.tx(f.bob.lighthouse.write.mint({ value: 2n * gwei }))
    const before = await f.client.getBalance({ address: f.dave.address })
    const receipt = await f.tx(f.owner.lighthouse.write.withdraw([f.dave.address]))
    const [event] = parseEventLogs({ abi: decorationTokenAbi, logs: receipt.logs, eventName: 'Withdrawn' })
    expect(event?.args).toEqual({ to: f.dave.address, amount: 4n * gwei })
    expect(await f.client.getBalance({ address: f.dave.address })).toBe(before + 4n * gwei)
    expect(await f.client.getBalance({ address: f.addresses.Lighthouse })).toBe(0n)
  })

  it('withdraw refuses the zero address and an empty balance, and loses nothing', async () => {
    const { lighthouse } = f.owner
    await expectRevert(lighthouse.simulate.withdraw([f.dave.address]), 'DecorationTokenNothingToWithdraw')
    await f.tx(lighthouse.write.setPrice([gwei]))
    await f.tx(f.alice.lighthouse.write.mint({ value: gwei }))
    await expectRevert(lighthouse.simulate.withdraw([zeroAddress]), 'DecorationTokenInvalidRecipient', [zeroAddress])
    expect(await f.client.getBalance({ address: f.addresses.Lighthouse })).toBe(gwei)
  })

  it('renounceOwnership is refused while the token holds proceeds, which nobody could withdraw after it', async () => {
    const { lighthouse } = f.owner
    await f.tx(lighthouse.write.setPrice([gwei]))
    await f.tx(f.alice.lighthouse.write.mint({ value: gwei }))
    await expectRevert(f.alice.lighthouse.simulate.renounceOwnership(), 'OwnableUnauthorizedAccount', [f.alice.address])
    await expectRevert(lighthouse.simulate.renounceOwnership(), 'DecorationTokenProceedsHeld', [gwei])
    expect(await lighthouse.read.owner()).toBe(f.owner.address)
    await f.tx(lighthouse.write.withdraw([f.dave.address]))
    await f.tx(lighthouse.write.renounceOwnership())
    expect(await lighthouse.read.owner()).toBe(zeroAddress)
  })

  it('withdraw reverts with DecorationTokenWithdrawFailed when the recipient refuses ETH', async () => {
    await f.tx(f.owner.lighthouse.write.setPrice([gwei]))
    await f.tx(f.alice.lighthouse.write.mint({ value: gwei }))
    const refuser: Address = f.addresses.RollingHills // no receive nor fallback
    await expectRevert(f.owner.lighthouse.simulate.withdraw([refuser]), 'DecorationTokenWithdrawFailed', [
      refuser,
      gwei,
    ])
  })
})
