import { getAddress, parseEventLogs, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { chainellationAbi, constellations } from '../../src/index.ts'
import { COOLDOWN, clock, decodeTokenURI, expectRevert, HOUR, metadataUpdates, useFixture } from '../fixture.ts'

const f = useFixture()

describe('metadata updates (ERC-4906)', () => {
  /** MetadataUpdate of `skyId`, as the collection emits it. */
  const one = (skyId: bigint) => ({ address: f.addresses.Chainellation, skyId })
  /** BatchMetadataUpdate of skies `from` to `to`, as the collection emits it. */
  const range = (from: bigint, to: bigint) => ({ address: f.addresses.Chainellation, from, to })

  it('supportsInterface answers true for ERC-4906 beside ERC-165, ERC-721 and its metadata, false otherwise', async () => {
    const { sky } = f.alice
    for (const id of ['0x49064906', '0x01ffc9a7', '0x80ac58cd', '0x5b5e139f'] as const) {
      expect(await sky.read.supportsInterface([id]), id).toBe(true)
    }
    for (const id of ['0x49064907', '0x00000000', '0xffffffff'] as const) {
      expect(await sky.read.supportsInterface([id]), id).toBe(false)
    }
  })

  it('a gaze has the collection emit MetadataUpdate for that sky alone; a mint emits none', async () => {
    const mint = await f.tx(f.alice.sky.write.mint([HOUR]))
    expect(metadataUpdates(mint.logs)).toEqual([])
    const id = await f.mint(f.alice)
    await f.mint(f.alice)
    await f.toLocalTime(HOUR, clock(22))
    expect(metadataUpdates((await f.gaze(f.alice, id)).logs)).toEqual([one(id)])
  })

  it('starGazeMany emits one MetadataUpdate per sky, in order, when the skies are not a range of ids', async () => {
    for (let i = 0; i < 5; i++) await f.mint(f.alice)
    await f.toLocalTime(HOUR, clock(22))
    const receipt = await f.tx(f.alice.sky.write.starGazeMany([[5n, 1n, 3n]]))
    expect(metadataUpdates(receipt.logs)).toEqual([one(5n), one(1n), one(3n)])
  })

  it('starGazeMany emits one BatchMetadataUpdate when the skies are a range of ids, in any order', async () => {
    for (let i = 0; i < 6; i++) await f.mint(f.alice)
    const at = await f.toLocalTime(HOUR, clock(22))
    let receipt = await f.tx(f.alice.sky.write.starGazeMany([[4n, 2n, 3n]]))
    expect(metadataUpdates(receipt.logs)).toEqual([range(2n, 4n)])
    receipt = await f.tx(f.alice.sky.write.starGazeMany([[5n, 6n]]))
    expect(metadataUpdates(receipt.logs)).toEqual([range(5n, 6n)])
    // One sky is no range: it gets its own MetadataUpdate; no sky, no event.
    receipt = await f.tx(f.alice.sky.write.starGazeMany([[1n]]))
    expect(metadataUpdates(receipt.logs)).toEqual([one(1n)])
    receipt = await f.tx(f.alice.sky.write.starGazeMany([[]]))
    expect(metadataUpdates(receipt.logs)).toEqual([])
    await f.toLocalTime(HOUR, clock(22), at + COOLDOWN)
    receipt = await f.tx(f.alice.sky.write.starGazeMany([[6n, 5n, 4n, 3n, 2n, 1n]]))
    expect(metadataUpdates(receipt.logs)).toEqual([range(1n, 6n)])
  })

  it('a gaze that reverts announces nothing and changes no sky', async () => {
    const mine = [await f.mint(f.alice), await f.mint(f.alice)]
    const theirs = await f.mint(f.bob)
    await f.toLocalTime(HOUR, clock(12))
    const { sky } = f.alice
    const day = await f.client.waitForTransactionReceipt({
      hash: await sky.write.starGaze([mine[0] as bigint], { gas: 200_000n }),
    })
    await f.toLocalTime(HOUR, clock(22))
    const batch = await f.client.waitForTransactionReceipt({
      hash: await sky.write.starGazeMany([[...mine, theirs]], { gas: 500_000n }),
    })
    for (const receipt of [day, batch]) {
      expect(receipt.status).toBe('reverted')
      expect(metadataUpdates(receipt.logs)).toEqual([])
    }
    for (const id of [...mine, theirs]) expect((await sky.read.skyOf([id])).gazes).toBe(0)
  })

  it('only the decorations registry the skies wear may announce new layers: anyone else is refused', async () => {
    const id = await f.mint(f.alice)
    for (const player of [f.alice, f.owner, f.bob]) {
      await expectRevert(player.sky.simulate.notifyMetadataUpdate([id]), 'ChainellationNotDecorations', [
        player.address,
      ])
    }
    // The registry's own call, made by setLayers, is tested with the registry.
  })

  it('a new renderer or registry redraws every sky minted: one BatchMetadataUpdate from 1 to the last', async () => {
    const next = await f.deploy('SkyRenderer', [])
    // Before any mint there is no sky to announce.
    expect(metadataUpdates((await f.tx(f.owner.sky.write.setRenderer([next]))).logs)).toEqual([])
    for (let i = 0; i < 3; i++) await f.mint(f.alice)
    await f.mint(f.bob)
    const renderer = await f.tx(f.owner.sky.write.setRenderer([f.addresses.SkyRenderer]))
    expect(metadataUpdates(renderer.logs)).toEqual([range(1n, 4n)])
    const registry = await f.tx(f.owner.sky.write.setDecorations([zeroAddress]))
    expect(metadataUpdates(registry.logs)).toEqual([range(1n, 4n)])
  })
})

describe('collection metadata (ERC-7572)', () => {
  const ORION = 1
  /** The traits of the emblem: sky #0, which nobody can mint, with Orion whole. */
  const emblem = {
    tzOffset: 0,
    primaryHue: 230,
    secondaryHue: 33,
    constellation: ORION,
    clouds: 1,
    gazes: constellations[ORION - 1]?.stars.length ?? 0,
    lastGaze: 0,
  }

  it('contractURI is base64 JSON with the name, a description and, as image, sky #0 drawn by the renderer', async () => {
    const { json, svg } = decodeTokenURI(await f.alice.sky.read.contractURI())
    expect(Object.keys(json).sort()).toEqual(['description', 'image', 'name'])
    expect(json.name).toBe('chainellation')
    expect(json.description).toMatch(/^Night skies drawn and kept on-chain\b/)
    expect(emblem.gazes).toBe(8)
    expect(svg).toBe(await f.alice.renderer.read.svg([0n, emblem, 22n, ['', '', '']]))
    // Orion is whole, so its figure's lines are drawn.
    expect(svg).toContain('<path stroke-width="1.5"')
  })

  it('contractURI stays the same as skies are minted and gazed at and time passes', async () => {
    const before = await f.alice.sky.read.contractURI()
    const id = await f.mint(f.alice)
    await f.toLocalTime(HOUR, clock(22))
    await f.gaze(f.alice, id)
    await f.toLocalTime(HOUR, clock(12))
    expect(await f.alice.sky.read.contractURI()).toBe(before)
  })

  it('setRenderer, which draws the image, emits ContractURIUpdated; setDecorations does not', async () => {
    const next = await f.deploy('SkyRenderer', [])
    const updated = (logs: Parameters<typeof metadataUpdates>[0]) =>
      parseEventLogs({ abi: chainellationAbi, logs, eventName: 'ContractURIUpdated' }).map((e) => getAddress(e.address))
    const renderer = await f.tx(f.owner.sky.write.setRenderer([next]))
    expect(updated(renderer.logs)).toEqual([f.addresses.Chainellation])
    const registry = await f.tx(f.owner.sky.write.setDecorations([zeroAddress]))
    expect(updated(registry.logs)).toEqual([])
  })
})
