import { Hono, type MiddlewareHandler } from 'hono'
import { answerHeaders } from '../http'
import { validSkyParams } from './params'
import type { ReadSky } from './reader'

export type SkyDeps = {
  /** Reads a sky from its chain (see skyReader). */
  readSky: ReadSky
  /** Counts each client's reads: each makes the chain's node run tokenURI, which draws the whole SVG. */
  readLimit: MiddlewareHandler
}

/**
 * One night sky's ERC-721 metadata as its contract returns it, so that a page can show the sky before (or without)
 * loading a wallet's chain client. Read at the latest block on every request: a gaze or new layers change the art.
 */
export function skyRoutes({ readSky, readLimit }: SkyDeps) {
  return (
    new Hono()
      // Not `no-store`: nothing here is private, but every answer must be checked again, as the art can change
      // at any block and a sky that does not exist yet can be minted.
      .use(answerHeaders({ 'Cache-Control': 'no-cache' }))
      .get('/:chainId/:skyId', readLimit, validSkyParams, async (c) => {
        const { chainId, skyId } = c.req.valid('param')
        const sky = await readSky(chainId, BigInt(skyId))
        switch (sky.kind) {
          case 'found':
            return c.json({ chainId, skyId, tokenUri: sky.tokenUri, owner: sky.owner }, 200)
          // `missing` tells a page this 404 apart from the others: the sky's number is merely not taken yet.
          case 'no-sky':
            return c.json({ error: `There is no night sky #${skyId} on this chain.`, missing: true as const }, 404)
          case 'no-chain':
            return c.json({ error: `This server does not read chain ${chainId}${sky.reads}.` }, 404)
          case 'not-deployed':
            return c.json({ error: `The game is not deployed on ${sky.chain}.` }, 404)
          case 'no-answer':
            return c.json({ error: 'The chain did not answer; try again.' }, 502)
        }
      })
  )
}
