import { streakWords } from '@chainellation/contracts/streak-words'
import type { SkyJson } from '@chainellation/indexer/json'
import type { Context } from 'hono'
import { LRUCache } from 'lru-cache'
import type { AppConfig } from './config'
import type { Database } from './db'
import type { IndexerAnswer } from './discovery/answers'
import type { IndexerReads } from './discovery/routes'
import { findDraft } from './drafts/store'
import { log } from './log'
import type { Counter } from './rate-limit'
import type { ShareCards } from './share/cards'
import type { ShareMeta } from './share/meta'
import { draftWords, skyWords, unreadSkyWords } from './share/words'
import { metadataOf, type SkyMetadata, svgOf } from './skies/picture'
import type { SkyRead } from './skies/reader'
import type { DraftPageRead, PageReads, SkyPageRead } from './web-pages'
import { within } from './within'

// What the pages of a sky and of a draft read as they are served, so that they paint with the sky's picture and
// preview with its card, and what a share card's streak line is read from.

/** How long a sky's page waits for the chain to read its sky before it is served to read it itself. */
const SKY_PAGE_READ_MS = 400
/** How long a sky's card or page waits for its streak from the index before it goes without. */
const STREAK_READ_MS = 300

/** A sky's streak line for its share card, by its chain and number. */
export type StreakLineOf = (chainId: number, skyId: string) => Promise<string | undefined>

/**
 * A sky's streak line for its share card, from the index and the chain's clock; none when the sky was never gazed,
 * or the index or the node is slow to answer or does not (the card is drawn without it).
 */
export function streakLines(
  indexer: IndexerReads | undefined,
  gameChainId: number,
  chainTime: () => Promise<number>,
): StreakLineOf {
  // Each answer of the index parsed once: the index's answer for a sky stands until a new block is indexed.
  const skies = new WeakMap<IndexerAnswer, SkyJson>()
  const skyOf = (answer: IndexerAnswer) => {
    const sky = skies.get(answer) ?? (JSON.parse(answer.text) as SkyJson)
    skies.set(answer, sky)
    return sky
  }
  return async (chainId, skyId) => {
    if (!indexer || chainId !== gameChainId) return undefined
    const line = async () => {
      const answer = await indexer.get(`/skies/${skyId}`)
      if (answer.status !== 200) return undefined
      const sky = skyOf(answer)
      if (sky.streak.longest === 0) return undefined
      return streakWords(sky.streak, { now: await chainTime(), tzOffset: sky.tzOffset, completed: sky.completed }).line
    }
    return within(STREAK_READ_MS, line()).catch(() => undefined)
  }
}

export type PageReadDeps = {
  config: AppConfig
  db: Database
  cards: ShareCards
  readSky: (chainId: number, skyId: bigint) => Promise<SkyRead>
  /** The client's reads of skies, which a sky's page counts with those of the API's route. */
  skyReads: Counter
  clientKey: (c: Context) => string
  streakLineOf: StreakLineOf
  /**
   * What a sky's read for its page is made from, each as the reader, the index and the chain's clock would use it
   * at once (the chain's head, the index's progress, the clock's reading), or undefined when one no longer stands and
   * the next read asks anew. While every one is the same object, the read is the same (see `skyForPage`).
   */
  standing?: () => readonly unknown[] | undefined
}

type FoundPage = Extract<SkyPageRead, { kind: 'found' }>

/**
 * Skies whose last read for their page is kept with what it was made from, and the bytes of their pictures at most:
 * a read holds its token URI and its picture, so the reads kept are bounded as the reader's own (skies/reader.ts).
 */
const RECENT_SKY_PAGES = { max: 1000, maxSize: 32 * 1024 * 1024 }

const sameObjects = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, i) => item === b[i])

/**
 * What a sky's page shows of a read: its metadata, its preview's words, and its card's version (the card's URL names
 * the card it is, its entity tag, so that it may be kept for good, and a preview made after a gaze or new
 * decorations asks for the new one instead of finding the old one in a cache). Worked out once for each read, which
 * the sky reader shares among every request for the same sky at the same block.
 */
type ReadPage = {
  metadata: SkyMetadata
  words: ShareMeta['words']
  version: string
  found?: { origin: string; read: FoundPage }
}

/** The page of each read, worked out once per read and per streak line (the line can change while the block stays). */
function readPages(cards: ShareCards) {
  const pages = new WeakMap<SkyRead, Map<string, ReadPage | null>>()
  return (read: Extract<SkyRead, { kind: 'found' }>, skyId: string, streak: string | undefined) => {
    const ofRead = pages.get(read) ?? new Map<string, ReadPage | null>()
    pages.set(read, ofRead)
    let page = ofRead.get(streak ?? '')
    if (page === undefined) {
      const metadata = metadataOf(read.tokenUri)
      const words = metadata && skyWords(skyId, metadata.traits, streak)
      page =
        metadata && words
          ? {
              metadata,
              words,
              version: cards.etagOf({ skySvg: svgOf(metadata.picture), text: words.card }).slice(1, -1),
            }
          : null
      ofRead.set(streak ?? '', page)
    }
    return page ?? undefined
  }
}

/** The reads of the pages of a sky and of a draft, for a request `c`. */
export function pageReads({ config, db, cards, readSky, skyReads, clientKey, streakLineOf, standing }: PageReadDeps) {
  const pageOf = readPages(cards)
  const recent = new LRUCache<string, { inputs: readonly unknown[]; origin: string; read: FoundPage }>({
    ...RECENT_SKY_PAGES,
    sizeCalculation: ({ read }) => read.sky.tokenUri.length + read.sky.picture.length,
  })
  /** The origin absolute URLs in link previews start with: the configured one, or the request's own. */
  const originOf = (c: Context) => config.publicOrigin ?? new URL(c.req.url).origin

  /**
   * A sky read for its page, so that the page paints with its picture and previews with its card: counted with the
   * client's reads of the API's route, and given up (the page then reads the sky itself, and previews with its
   * number alone) past the limit or when the node is slow to answer.
   */
  /** The URL of sky `skyId`'s card at `origin`. */
  const cardOf = (origin: string, skyId: string) => `${origin}/api/skies/${config.chainId}/${skyId}/card.png`
  /** A preview of sky `skyId`'s page at `origin`, with `words` and its card (or `image`). */
  const preview = (origin: string, skyId: string, words: ShareMeta['words'], image = cardOf(origin, skyId)) => ({
    words,
    url: `${origin}/sky/${skyId}`,
    image,
  })
  // Only where the sky is not read: a page served from its read needs none of it.
  const unread = (origin: string, skyId: string): SkyPageRead => ({
    kind: 'unread',
    meta: preview(origin, skyId, unreadSkyWords(skyId)),
  })

  const skyForPage = async (c: Context, skyId: string): Promise<SkyPageRead> => {
    const origin = originOf(c)
    if (!(await skyReads.count(clientKey(c))).allowed) return unread(origin, skyId)
    // Made from what stands now, a read is what the last one was: answered from it, with neither read asked for nor
    // waited on (docs/decisions/production.md, "What it costs a request"). Taken before the reads, which may renew
    // what they use: a read kept with older inputs than its own is only asked again sooner.
    const inputs = standing?.()
    const last = inputs && recent.get(skyId)
    if (last && inputs && last.origin === origin && sameObjects(last.inputs, inputs)) return last.read
    // Beside the chain's read: the streak on the card its preview names.
    const streakRead = streakLineOf(config.chainId, skyId)
    const read = await within(SKY_PAGE_READ_MS, readSky(config.chainId, BigInt(skyId)))
    if (read?.kind === 'no-sky') return { kind: 'missing' }
    // The app says the game is not deployed: there is no sky to preview.
    if (read?.kind === 'no-chain' || read?.kind === 'not-deployed') return { kind: 'unread' }
    const page = read?.kind === 'found' ? pageOf(read, skyId, await streakRead) : undefined
    if (read?.kind !== 'found' || !page) return unread(origin, skyId)
    // The same read at the same origin is the same page read, so that the page written from it is kept (pageHtml).
    if (page.found?.origin === origin) {
      if (inputs) recent.set(skyId, { inputs, origin, read: page.found.read })
      return page.found.read
    }
    const { metadata, words, version } = page
    const found: FoundPage = {
      kind: 'found',
      sky: { chainId: config.chainId, skyId, tokenUri: read.tokenUri, owner: read.owner, picture: metadata.picture },
      meta: preview(origin, skyId, words, `${cardOf(origin, skyId)}?v=${version}`),
    }
    page.found = { origin, read: found }
    if (inputs) recent.set(skyId, { inputs, origin, read: found })
    return found
  }

  /** A draft read for its page's preview; a database that fails leaves the page to read the draft itself. */
  const draftForPage = async (c: Context, draftId: string): Promise<DraftPageRead> => {
    const draft = await findDraft(db, draftId).catch((error: unknown) => {
      log().error({ err: error }, `draft page: could not read draft ${draftId}`)
      return undefined
    })
    if (draft === undefined) return { kind: 'unread' }
    if (draft === null) return { kind: 'missing' }
    const origin = originOf(c)
    // The card changes with the sky and the hour as well, so it is not kept for good; its version changes with
    // the draft, so that a preview made after a change asks for the new card.
    const card = `${origin}/api/drafts/${draftId}/card.png?v=${draft.updatedAt.getTime()}`
    return {
      kind: 'found',
      meta: { words: draftWords(draft), url: `${origin}/draft/${draftId}`, image: draft.skyId ? card : undefined },
    }
  }

  return (c: Context): Required<PageReads> => ({
    sky: (skyId) => skyForPage(c, skyId),
    draft: (draftId) => draftForPage(c, draftId),
  })
}
