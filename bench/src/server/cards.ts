// `npm run cards -w @chainellation/bench`: how long a share card takes to draw, cold and from the cache, and what the cache
// holds once more cards than its bound were asked for. Writes bench/reports/cards.json for `npm run bench`.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defaultTraits, renderSky } from '@chainellation/art'
import { DEFAULT_CARD_CACHE, shareCards } from '@chainellation/server/share/cards'
import { skyWords } from '@chainellation/server/share/words'
import { writeReport } from '../reports'

export type CardFigures = {
  cold: number
  coldMedianMs: number
  coldP95Ms: number
  cachedMedianMs: number
  pngMinBytes: number
  pngMaxBytes: number
  asked: number
  kept: number
  keptBytes: number
}

const art = (name: string) =>
  readFileSync(new URL(`../../../contracts/decoration-art/${name}.svg`, import.meta.url), 'utf8')

/** Sky `n` at night with two decorations and some gazes, and its card's words. */
function input(n: number) {
  const skyId = BigInt(n)
  const gazes = n % 9
  const skySvg = renderSky(skyId, { tzOffset: 0, ...defaultTraits(skyId), gazes, lastGaze: 0 }, 22, [
    art('rolling-hills'),
    '',
    art('telescope'),
  ])
  const traits = { 'Time zone': 'UTC+00:00', Gazes: gazes, 'Stars revealed': `${Math.min(gazes, 8)}/8`, Time: 'Night' }
  return { skySvg, text: skyWords(String(skyId), traits).card }
}

const quantile = (values: number[], q: number) =>
  Number([...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]?.toFixed(2))

export async function measureCards(cold = 40, asked = DEFAULT_CARD_CACHE.maxEntries + 44): Promise<CardFigures> {
  const cards = shareCards()
  await cards.card(input(0)) // loads the fonts
  const drawn: number[] = []
  const sizes: number[] = []
  for (let n = 1; n <= cold; n++) {
    const started = performance.now()
    sizes.push((await cards.card(input(n))).png.length)
    drawn.push(performance.now() - started)
  }
  const cached: number[] = []
  for (let i = 0; i < 500; i++) {
    const again = input(1 + (i % cold))
    const started = performance.now()
    await cards.card(again)
    cached.push(performance.now() - started)
  }
  for (let n = cold + 1; n <= asked; n++) await cards.card(input(n))
  const { entries, bytes } = cards.stats()
  return {
    cold,
    coldMedianMs: quantile(drawn, 0.5),
    coldP95Ms: quantile(drawn, 0.95),
    cachedMedianMs: quantile(cached, 0.5),
    pngMinBytes: Math.min(...sizes),
    pngMaxBytes: Math.max(...sizes),
    asked,
    kept: entries,
    keptBytes: bytes,
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const f = await measureCards()
  writeReport('cards', f)
  process.stdout.write(
    `share cards: ${f.cold} drawn cold in ${f.coldMedianMs} ms median (p95 ${f.coldP95Ms} ms), ` +
      `${f.cachedMedianMs} ms from the cache; PNGs ${f.pngMinBytes}-${f.pngMaxBytes} bytes; ` +
      `${f.asked} asked for, ${f.kept} kept (${(f.keptBytes / 1_048_576).toFixed(1)} MiB)\n`,
  )
}
