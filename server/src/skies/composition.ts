import { renderSky, type Sky } from '@chainellation/art'
import { chainellationAbi, decorationsAbi, iDecorationAbi } from '@chainellation/contracts'
import type { SignInChain } from '../config'
import type { DraftLayer } from '../db/schema'
import { chainGames, isChainAnswer, readFailed, type SkyRead } from './reader'

/** What drawing a sky with a composition of its own came to: its SVG as the chain would draw it, or why not. */
export type ComposedSkyRead = { kind: 'found'; svg: string; sky: Sky } | Exclude<SkyRead, { kind: 'found' }>

const DAY = 86_400n

/** The value of a settled read, `''` for a read the chain refused, or the failure when the node did not answer. */
function artOf(read: PromiseSettledResult<string | undefined>): string | { failed: unknown } {
  if (read.status === 'fulfilled') return read.value ?? ''
  // As the registry does for a sky's own layers: a decoration that reverts shows nothing rather than break the sky.
  return isChainAnswer(read.reason) ? '' : { failed: read.reason }
}

/**
 * Reads what drawing sky `skyId` with `layers` (a draft's composition, not the sky's own) takes, and draws it with
 * the port of the contract's renderer: the sky's traits, the chain's clock (its hour over the sky, as tokenURI uses),
 * and each chosen decoration's art, whether or not the sky's owner holds it (the draft page shows it so too).
 */
export function composedSkyReader(chains: readonly SignInChain[]) {
  const gameOn = chainGames(chains)
  return async function readComposedSky(
    chainId: number,
    skyId: bigint,
    layers: readonly DraftLayer[],
  ): Promise<ComposedSkyRead> {
    const game = gameOn(chainId)
    if (game.kind !== 'game') return game
    const { client, decorations } = game
    const entryOf = (decorationId: number) =>
      decorationId === 0 || !decorations
        ? Promise.resolve(undefined)
        : client.readContract({
            address: decorations,
            abi: decorationsAbi,
            functionName: 'decorationOf',
            args: [BigInt(decorationId)],
          })
    const [sky, block, ...entries] = await Promise.allSettled([
      client.readContract({ address: game.address, abi: chainellationAbi, functionName: 'skyOf', args: [skyId] }),
      client.getBlock(),
      ...layers.map((layer) => entryOf(layer.decorationId)),
    ])
    if (sky.status === 'rejected' || block.status === 'rejected') {
      const errors = [sky, block].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []))
      return readFailed(errors, game, `sky #${skyId}`)
    }
    const art = await Promise.allSettled(
      layers.map(async (layer, i) => {
        const entry = entries[i]
        if (entry?.status === 'rejected') throw entry.reason
        if (!entry?.value) return undefined
        return client.readContract({
          address: entry.value.decoration,
          abi: iDecorationAbi,
          functionName: 'decorationSVG',
          args: [BigInt(layer.tokenId)],
        })
      }),
    )
    const drawn = art.map(artOf)
    const failed = drawn.find((a) => typeof a !== 'string')
    if (failed) return readFailed([failed.failed], game, `the decorations of sky #${skyId}`)
    const byLayer: [string, string, string] = ['', '', '']
    layers.forEach((layer, i) => {
      byLayer[layer.layer - 1] = drawn[i] as string
    })
    // The contract's hour: (block.timestamp + tzOffset) mod one day, in whole hours.
    const hour = Number((((block.value.timestamp + BigInt(sky.value.tzOffset)) % DAY) + DAY) % DAY) / 3600
    const traits: Sky = { ...sky.value }
    return { kind: 'found', sky: traits, svg: renderSky(skyId, traits, Math.floor(hour), byLayer) }
  }
}

export type ReadComposedSky = ReturnType<typeof composedSkyReader>
