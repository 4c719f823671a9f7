import { createHash } from 'node:crypto'
import { BoundedCache, type CacheBounds } from './card-cache'
import { type CardText, cardSvg, SKY_SIZE } from './card-svg'
import { cardFonts } from './fonts'

/**
 * Cards kept by default: 256 of them, at most 32 MiB together. Cards are 64–83 KB (`npm run bench -- cards`), so the
 * count is the bound that holds first (17.3 MiB); the bytes bound is there should decorations make cards larger.
 */
export const DEFAULT_CARD_CACHE: CacheBounds = { maxEntries: 256, maxBytes: 32 * 1024 * 1024 }

/** Renders at once, each on one of libuv's threads (four by default, which file and DNS work share too). */
const MAX_PARALLEL_RENDERS = 2
/**
 * Renders that may wait for one of those: about two seconds of work. Past it a request for yet another card is
 * refused ({@link CardsBusyError}) rather than queued, so that a crawler asking for many at once cannot make every
 * request wait, nor hold memory for a queue without end.
 */
const MAX_WAITING_RENDERS = 32

/** Thrown for a card that would have to wait behind {@link MAX_WAITING_RENDERS} others. */
export class CardsBusyError extends Error {
  constructor() {
    super('The server is drawing many pictures; try again in a few seconds.')
    this.name = 'CardsBusyError'
  }
}

/** Thrown for a sky whose SVG refers to anything but data it holds (see {@link drawsOnlyItself}). */
export class UndrawableSkyError extends Error {
  constructor() {
    super('The sky refers to files outside its picture; the server does not draw it.')
    this.name = 'UndrawableSkyError'
  }
}

/**
 * Whether every `href` in `svg` is a data: URL. resvg reads an image's path from the file system when the SVG it
 * draws names one, so a sky's SVG naming any other is not drawn. Images nested inside its data: URLs (decorations)
 * are never loaded from anywhere by resvg, so only the outer markup needs the check.
 */
export const drawsOnlyItself = (svg: string) =>
  !/\bhref\s*=\s*(?:"(?!\s*data:)|'(?!\s*data:)|(?!["'\s]|data:))/i.test(svg)

/** Changes with the card's layout or fonts, so that a new layout is never served under an old card's validator. */
const CARD_LAYOUT = 'card-1'

/** A card to draw: the sky's SVG as the chain draws it (or would), and the words beside it. */
export type CardInput = { skySvg: string; text: CardText }

/** A drawn card and its entity tag. */
export type Card = { png: Buffer; etag: string }

/**
 * A PNG of `svg` by resvg, `width` pixels wide (its own width by default), on a thread of libuv's pool, with the
 * card's fonts and never the system's.
 */
export async function renderPng(svg: string, width?: number): Promise<Buffer> {
  // Loaded with the first card: most processes never draw one, and the native renderer is a few MiB resident.
  const { renderAsync } = await import('@resvg/resvg-js')
  const { files } = cardFonts()
  const image = await renderAsync(svg, {
    font: { loadSystemFonts: false, fontFiles: files },
    fitTo: width === undefined ? { mode: 'original' } : { mode: 'width', value: width },
  })
  return image.asPng()
}

/** Counts of what a card store did, for its tests and its bench. */
export type CardStats = { renders: number; hits: number; entries: number; bytes: number }

/**
 * Share cards, drawn once for each input and kept in a bounded least-recently-used cache. The key is a SHA-256 of
 * everything drawn (the layout, the words, the sky's SVG, which holds its gazes, its decorations and the hour), so
 * a card is drawn again exactly when the chain draws the sky differently, and the key is the card's entity tag
 * (RFC 9110, section 8.8.3): equal tags mean equal PNGs. Requests for a card being drawn wait for that drawing.
 */
export function shareCards({ bounds = DEFAULT_CARD_CACHE, render = renderPng } = {}) {
  const cache = new BoundedCache(bounds)
  const drawing = new Map<string, Promise<Buffer>>()
  const waiting: (() => void)[] = []
  let running = 0
  const stats = { renders: 0, hits: 0 }

  /** Runs `draw` once fewer than MAX_PARALLEL_RENDERS are running; the others queue in order, a finished one handing its place on. */
  const limited = async <T>(draw: () => Promise<T>): Promise<T> => {
    if (running < MAX_PARALLEL_RENDERS) running++
    else if (waiting.length >= MAX_WAITING_RENDERS) throw new CardsBusyError()
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await draw()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }

  /** The card's entity tag, known before it is drawn: a conditional request needs no drawing. */
  const etagOf = ({ skySvg, text }: CardInput) => {
    const hash = createHash('sha256')
      .update(`${CARD_LAYOUT}\n${JSON.stringify(text)}\n`)
      .update(skySvg)
    return `"${hash.digest('base64url').slice(0, 32)}"`
  }

  async function card(input: CardInput): Promise<Card> {
    if (!drawsOnlyItself(input.skySvg)) throw new UndrawableSkyError()
    const etag = etagOf(input)
    const kept = cache.get(etag)
    if (kept) {
      stats.hits++
      return { png: kept, etag }
    }
    let pending = drawing.get(etag)
    if (!pending) {
      pending = limited(async () => {
        stats.renders++
        const sky = await render(input.skySvg, SKY_SIZE)
        return render(cardSvg(sky, input.text, cardFonts()))
      })
        .then((png) => {
          cache.set(etag, png)
          return png
        })
        .finally(() => drawing.delete(etag))
      drawing.set(etag, pending)
    }
    return { png: await pending, etag }
  }

  return {
    etagOf,
    card,
    stats: (): CardStats => ({ ...stats, entries: cache.size, bytes: cache.bytes }),
  }
}

export type ShareCards = ReturnType<typeof shareCards>
