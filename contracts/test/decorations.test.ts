import { readFileSync } from 'node:fs'
import { type Address, parseEventLogs, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { decorationSpecs } from '../scripts/decorations.ts'
import { chainellationAbi, decorationsAbi, layers } from '../src/index.ts'
import {
  decodeTokenURI,
  decorationIds,
  embeddedImages,
  expectRevert,
  metadataUpdates,
  type Player,
  useFixture,
} from './fixture.ts'

const f = useFixture()

const art = (file: string) => readFileSync(new URL(`../decoration-art/${file}`, import.meta.url), 'utf8')
const artOf = Object.fromEntries(decorationSpecs.map((s) => [s.key, art(s.art)])) as Record<string, string>

type Choice = { layer: number; decorationId: number; tokenId: bigint }
const choice = (layer: number, decorationId: number, tokenId = 0n): Choice => ({ layer, decorationId, tokenId })
const empty = (layer: number) => choice(layer, 0)

/** The packed word of the LayersUpdated event: per layer 16 bits of id and 64 of token, 80 bits apart. */
const pack = (choices: readonly Choice[]) =>
  choices.reduce((word, c) => word | ((BigInt(c.decorationId) | (c.tokenId << 16n)) << BigInt((c.layer - 1) * 80)), 0n)

const setLayers = (player: Player, skyId: bigint, choices: Choice[]) =>
  f.tx(player.decorations.write.setLayers([skyId, choices]))

/** The collection's errors, which reach a caller of the registry through its call back to the collection. */
const chainellationErrors = chainellationAbi.filter(
  (item): item is Extract<(typeof chainellationAbi)[number], { type: 'error' }> => item.type === 'error',
)

/** Simulates `setLayers` on registry `registry`, decoding the collection's errors as well as the registry's. */
const simulateSetLayers = (registry: Address, player: Player, skyId: bigint, choices: Choice[]) =>
  f.client.simulateContract({
    account: player.account,
    address: registry,
    abi: [...decorationsAbi, ...chainellationErrors],
    functionName: 'setLayers',
    args: [skyId, choices],
  })

/** The layer images a sky's tokenURI shows, in drawing order. */
const shownImages = async (skyId: bigint) =>
  embeddedImages(decodeTokenURI(await f.alice.sky.read.tokenURI([skyId])).svg)

describe('registry', () => {
  it('lists the six shipped decorations with their ids, names, layers and kinds', async () => {
    const list = await f.alice.decorations.read.allDecorations()
    expect(list).toEqual(
      decorationSpecs.map((spec, i) => ({
        id: BigInt(i + 1),
        decoration: f.addresses[spec.key as keyof typeof f.addresses],
        layer: spec.layer,
        free: spec.free,
        name: spec.name,
      })),
    )
    expect(list.map((d) => d.name)).toEqual([
      'Rolling Hills',
      'Crescent Moon',
      'Telescope',
      'Lighthouse',
      'Comet',
      'Campfire',
    ])
    expect(await f.alice.decorations.read.decorationCount()).toBe(6n)
    for (const [key, id] of Object.entries(decorationIds)) {
      const address = f.addresses[key as keyof typeof decorationIds]
      expect(await f.alice.decorations.read.idOf([address])).toBe(BigInt(id))
      const spec = decorationSpecs[id - 1]
      expect(await f.alice.decorations.read.decorationOf([BigInt(id)])).toEqual({
        decoration: address,
        layer: spec?.layer,
        free: spec?.free,
      })
    }
    expect(await f.alice.decorations.read.idOf([f.alice.address])).toBe(0n)
  })

  it('names its layers and its skies', async () => {
    const { decorations } = f.alice
    expect(await decorations.read.SILHOUETTE()).toBe(layers.silhouette)
    expect(await decorations.read.SKY()).toBe(layers.sky)
    expect(await decorations.read.OBJECT()).toBe(layers.object)
    expect(await decorations.read.skies()).toBe(f.addresses.Chainellation)
    expect(await decorations.read.owner()).toBe(f.owner.address)
  })

  it('decorationOf refuses ids that are not registered', async () => {
    await expectRevert(f.alice.decorations.read.decorationOf([0n]), 'DecorationsUnknownDecoration', [0n])
    await expectRevert(f.alice.decorations.read.decorationOf([7n]), 'DecorationsUnknownDecoration', [7n])
  })

  it('register adds a decoration with the next id and emits DecorationRegistered', async () => {
    const address = await f.deploy('FreeDecoration', ['Aurora', '<svg xmlns="http://www.w3.org/2000/svg"/>'])
    const { result } = await f.owner.decorations.simulate.register([address, 2, true])
    expect(result).toBe(7n)
    const receipt = await f.tx(f.owner.decorations.write.register([address, 2, true]))
    const events = parseEventLogs({ abi: decorationsAbi, logs: receipt.logs, eventName: 'DecorationRegistered' })
    expect(events.map((e) => e.args)).toEqual([{ decorationId: 7n, decoration: address, layer: 2, free: true }])
    expect(await f.alice.decorations.read.idOf([address])).toBe(7n)
    expect(await f.alice.decorations.read.decorationCount()).toBe(7n)
    expect((await f.alice.decorations.read.allDecorations()).at(-1)).toEqual({
      id: 7n,
      decoration: address,
      layer: 2,
      free: true,
      name: 'Aurora',
    })
  })

  it('register is for the owner only', async () => {
    const address = await f.deploy('FreeDecoration', ['Aurora', '<svg/>'])
    await expectRevert(f.alice.decorations.simulate.register([address, 1, true]), 'OwnableUnauthorizedAccount', [
      f.alice.address,
    ])
  })

  it('register refuses layers other than 1, 2 and 3', async () => {
    const address = await f.deploy('FreeDecoration', ['Aurora', '<svg/>'])
    for (const layer of [0, 4, 255]) {
      await expectRevert(f.owner.decorations.simulate.register([address, layer, true]), 'DecorationsInvalidLayer', [
        BigInt(layer),
      ])
    }
  })

  it('register refuses an address without code, which would break every read of the list', async () => {
    for (const account of [f.bob.address, zeroAddress]) {
      await expectRevert(f.owner.decorations.simulate.register([account, 2, true]), 'DecorationsNotAContract', [
        account,
      ])
    }
    expect(await f.alice.decorations.read.allDecorations()).toHaveLength(6)
  })

  it('register refuses a decoration registered already, naming its id', async () => {
    await expectRevert(
      f.owner.decorations.simulate.register([f.addresses.Telescope, 3, true]),
      'DecorationsAlreadyRegistered',
      [f.addresses.Telescope, 3n],
    )
    await expectRevert(
      f.owner.decorations.simulate.register([f.addresses.Comet, 1, false]),
      'DecorationsAlreadyRegistered',
      [f.addresses.Comet, 5n],
    )
  })
})

describe('setLayers', () => {
  it('sets any subset of layers in one call without touching the others, and emits LayersUpdated', async () => {
    const id = await f.mint(f.alice)
    await f.tx(f.alice.lighthouse.write.mint())
    const first = [choice(1, decorationIds.Lighthouse, 1n), choice(3, decorationIds.Telescope)]
    let receipt = await setLayers(f.alice, id, first)
    let events = parseEventLogs({ abi: decorationsAbi, logs: receipt.logs, eventName: 'LayersUpdated' })
    expect(events.map((e) => e.args)).toEqual([{ skyId: id, owner: f.alice.address, packed: pack(first) }])
    expect(await f.alice.decorations.read.layersOf([id])).toEqual([first[0], empty(2), first[1]])

    receipt = await setLayers(f.alice, id, [choice(2, decorationIds.CrescentMoon)])
    const all = [first[0], choice(2, decorationIds.CrescentMoon), first[1]] as Choice[]
    events = parseEventLogs({ abi: decorationsAbi, logs: receipt.logs, eventName: 'LayersUpdated' })
    expect(events.map((e) => e.args)).toEqual([{ skyId: id, owner: f.alice.address, packed: pack(all) }])
    expect(await f.alice.decorations.read.layersOf([id])).toEqual(all)
    expect(await f.alice.decorations.read.layerSVGs([id])).toEqual([
      artOf.Lighthouse,
      artOf.CrescentMoon,
      artOf.Telescope,
    ])
  })

  it('clears a layer with decoration id 0', async () => {
    const id = await f.mint(f.alice)
    await setLayers(f.alice, id, [choice(1, 1), choice(2, 2), choice(3, 3)])
    await setLayers(f.alice, id, [empty(2)])
    expect(await f.alice.decorations.read.layersOf([id])).toEqual([choice(1, 1), empty(2), choice(3, 3)])
    expect(await f.alice.decorations.read.layerSVGs([id])).toEqual([artOf.RollingHills, '', artOf.Telescope])
    await setLayers(f.alice, id, [empty(1), empty(3)])
    expect(await f.alice.decorations.read.layersOf([id])).toEqual([empty(1), empty(2), empty(3)])
    expect(await f.alice.decorations.read.layerSVGs([id])).toEqual(['', '', ''])
  })

  it('keeps each sky its own layers', async () => {
    const a = await f.mint(f.alice)
    const b = await f.mint(f.alice)
    await setLayers(f.alice, a, [choice(2, 2)])
    expect(await f.alice.decorations.read.layersOf([b])).toEqual([empty(1), empty(2), empty(3)])
    expect(await f.alice.decorations.read.layerSVGs([b])).toEqual(['', '', ''])
  })

  it('only the sky owner may set its layers', async () => {
    const id = await f.mint(f.alice)
    await expectRevert(f.bob.decorations.simulate.setLayers([id, [choice(1, 1)]]), 'DecorationsNotSkyOwner', [
      id,
      f.bob.address,
    ])
    await expectRevert(f.owner.decorations.simulate.setLayers([id, []]), 'DecorationsNotSkyOwner', [
      id,
      f.owner.address,
    ])
  })

  it('a sky that does not exist has no owner to set its layers', async () => {
    await expectRevert(
      f.client.simulateContract({
        account: f.alice.account,
        address: f.addresses.Decorations,
        abi: decorationsAbi,
        functionName: 'setLayers',
        args: [1n, [choice(1, 1)]],
      }),
      'DecorationsNonexistentSky',
      [1n],
    )
  })

  it('refuses decorations that are not registered', async () => {
    const id = await f.mint(f.alice)
    await expectRevert(f.alice.decorations.simulate.setLayers([id, [choice(1, 7)]]), 'DecorationsUnknownDecoration', [
      7n,
    ])
    await expectRevert(
      f.alice.decorations.simulate.setLayers([id, [choice(2, 65_535)]]),
      'DecorationsUnknownDecoration',
      [65_535n],
    )
  })

  it('refuses a decoration on another layer than its own', async () => {
    const id = await f.mint(f.alice)
    const { decorations } = f.alice
    await expectRevert(decorations.simulate.setLayers([id, [choice(2, 1)]]), 'DecorationsWrongLayer', [1n, 1n, 2n])
    await expectRevert(decorations.simulate.setLayers([id, [choice(1, 6, 1n)]]), 'DecorationsWrongLayer', [6n, 3n, 1n])
  })

  it('refuses a token decoration whose token the caller does not hold', async () => {
    const id = await f.mint(f.alice)
    await f.tx(f.bob.comet.write.mint())
    await expectRevert(
      f.alice.decorations.simulate.setLayers([id, [choice(2, decorationIds.Comet, 1n)]]),
      'DecorationsNotDecorationOwner',
      [5n, 1n, f.alice.address],
    )
    await f.tx(f.bob.comet.write.transferFrom([f.bob.address, f.alice.address, 1n]))
    await setLayers(f.alice, id, [choice(2, decorationIds.Comet, 1n)])
  })

  it('refuses a token decoration whose token was never minted as not held', async () => {
    const id = await f.mint(f.alice)
    await expectRevert(
      f.client.simulateContract({
        account: f.alice.account,
        address: f.addresses.Decorations,
        abi: decorationsAbi,
        functionName: 'setLayers',
        args: [id, [choice(2, decorationIds.Comet, 9n)]],
      }),
      'DecorationsNotDecorationOwner',
      [BigInt(decorationIds.Comet), 9n, f.alice.address],
    )
  })

  it('refuses a token id with a free decoration or with a cleared layer', async () => {
    const id = await f.mint(f.alice)
    const { decorations } = f.alice
    await expectRevert(decorations.simulate.setLayers([id, [choice(1, 1, 5n)]]), 'DecorationsInvalidToken', [1n, 5n])
    await expectRevert(decorations.simulate.setLayers([id, [choice(3, 0, 3n)]]), 'DecorationsInvalidToken', [0n, 3n])
  })

  it('refuses layers other than 1, 2 and 3', async () => {
    const id = await f.mint(f.alice)
    for (const layer of [0, 4]) {
      await expectRevert(f.alice.decorations.simulate.setLayers([id, [choice(layer, 0)]]), 'DecorationsInvalidLayer', [
        BigInt(layer),
      ])
      await expectRevert(
        f.alice.decorations.simulate.setLayers([id, [choice(1, 1), choice(layer, 1)]]),
        'DecorationsInvalidLayer',
        [BigInt(layer)],
      )
    }
  })

  it('a failing choice reverts the whole call, and no change is announced', async () => {
    const id = await f.mint(f.alice)
    const hash = await f.alice.decorations.write.setLayers([id, [choice(1, 1), choice(2, 1)]], { gas: 300_000n })
    const receipt = await f.client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('reverted')
    expect(metadataUpdates(receipt.logs)).toEqual([])
    expect(await f.alice.decorations.read.layersOf([id])).toEqual([empty(1), empty(2), empty(3)])
  })
})

describe('metadata updates (ERC-4906)', () => {
  it('setLayers has the collection, where marketplaces listen, emit MetadataUpdate for the sky', async () => {
    await f.mint(f.alice)
    const id = await f.mint(f.alice)
    let receipt = await setLayers(f.alice, id, [choice(1, 1), choice(2, 2)])
    expect(metadataUpdates(receipt.logs)).toEqual([{ address: f.addresses.Chainellation, skyId: id }])
    receipt = await setLayers(f.alice, id, [empty(1), empty(2)])
    expect(metadataUpdates(receipt.logs)).toEqual([{ address: f.addresses.Chainellation, skyId: id }])
  })

  it('a registry the skies do not wear may not set layers, which would not show: the collection refuses it', async () => {
    const id = await f.mint(f.alice)
    const other = await f.deploy('Decorations', [
      f.owner.address,
      f.addresses.Chainellation,
      f.deployment.contracts.Forwarder,
    ])
    await f.tx(
      f.owner.client.writeContract({
        address: other,
        abi: decorationsAbi,
        functionName: 'register',
        args: [f.addresses.RollingHills, 1, true],
      }),
    )
    await expectRevert(simulateSetLayers(other, f.alice, id, [choice(1, 1)]), 'ChainellationNotDecorations', [other])

    // Once the collection wears it, it may; and the one it wore before may not.
    await f.tx(f.owner.sky.write.setDecorations([other]))
    const receipt = await f.tx(
      f.alice.client.writeContract({
        address: other,
        abi: decorationsAbi,
        functionName: 'setLayers',
        args: [id, [choice(1, 1)]],
      }),
    )
    expect(metadataUpdates(receipt.logs)).toEqual([{ address: f.addresses.Chainellation, skyId: id }])
    await expectRevert(
      simulateSetLayers(f.addresses.Decorations, f.alice, id, [choice(1, 1)]),
      'ChainellationNotDecorations',
      [f.addresses.Decorations],
    )
  })
})

describe('layers on the sky', () => {
  it('tokenURI embeds the chosen layers: the sky layer, then the silhouette, then the object', async () => {
    const id = await f.mint(f.alice)
    expect(await shownImages(id)).toEqual([])
    await f.tx(f.alice.campfire.write.mint())
    await setLayers(f.alice, id, [choice(1, 1), choice(2, 2), choice(3, decorationIds.Campfire, 1n)])
    expect(await shownImages(id)).toEqual([artOf.CrescentMoon, artOf.RollingHills, artOf.Campfire])
  })

  it('shows a token decoration only while the sky owner holds the token', async () => {
    const id = await f.mint(f.alice)
    await f.tx(f.alice.lighthouse.write.mint())
    await setLayers(f.alice, id, [choice(1, decorationIds.Lighthouse, 1n), choice(2, decorationIds.CrescentMoon)])
    expect(await shownImages(id)).toEqual([artOf.CrescentMoon, artOf.Lighthouse])

    // The token leaves: its layer goes blank, the free one stays, the choice is remembered.
    await f.tx(f.alice.lighthouse.write.transferFrom([f.alice.address, f.bob.address, 1n]))
    expect(await f.alice.decorations.read.layerSVGs([id])).toEqual(['', artOf.CrescentMoon, ''])
    expect(await shownImages(id)).toEqual([artOf.CrescentMoon])
    expect((await f.alice.decorations.read.layersOf([id]))[0]).toEqual(choice(1, decorationIds.Lighthouse, 1n))

    // It comes back: so does the layer.
    await f.tx(f.bob.lighthouse.write.transferFrom([f.bob.address, f.alice.address, 1n]))
    expect(await shownImages(id)).toEqual([artOf.CrescentMoon, artOf.Lighthouse])

    // The sky changes hands and its new owner lacks the token: blank again until they hold it.
    await f.tx(f.alice.sky.write.transferFrom([f.alice.address, f.carol.address, id]))
    expect(await shownImages(id)).toEqual([artOf.CrescentMoon])
    await f.tx(f.alice.lighthouse.write.transferFrom([f.alice.address, f.carol.address, 1n]))
    expect(await shownImages(id)).toEqual([artOf.CrescentMoon, artOf.Lighthouse])
  })

  it('a decoration whose art reverts shows nothing and does not break the sky', async () => {
    // The renderer has no decorationSVG nor decorationName: every call to them reverts.
    const broken = f.addresses.SkyRenderer
    await f.tx(f.owner.decorations.write.register([broken, 2, true]))
    const id = await f.mint(f.alice)
    await setLayers(f.alice, id, [choice(2, 7), choice(3, 3)])
    expect(await f.alice.decorations.read.layerSVGs([id])).toEqual(['', '', artOf.Telescope])
    expect(await shownImages(id)).toEqual([artOf.Telescope])
    expect((await f.alice.decorations.read.allDecorations()).at(-1)).toMatchObject({ id: 7n, name: '' })
  })

  it('a collection without a registry draws no layers', async () => {
    const id = await f.mint(f.alice)
    await setLayers(f.alice, id, [choice(2, 2)])
    await f.tx(f.owner.sky.write.setDecorations([zeroAddress]))
    expect(await shownImages(id)).toEqual([])
  })
})
