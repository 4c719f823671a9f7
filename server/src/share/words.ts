import type { CardText } from './card-svg'

/** The product's name, as the web app's titles and the card's kicker write it. */
export const PRODUCT_NAME = 'chainellation'

/** What a link preview and a card say of a sky or a draft. */
export type ShareWords = {
  title: string
  description: string
  /** The card's words beside the picture. */
  card: CardText
  /** The picture's alternative text. */
  alt: string
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** A trait as a number, where the metadata holds one. */
const count = (value: string | number | undefined) => (typeof value === 'number' ? value : Number(value ?? Number.NaN))

/**
 * A sky's words from its metadata's traits (as `SkyRenderer.tokenURI` writes them): its time zone, the stars its
 * gazes revealed and how many gazes it took. The constellation is named only once every star is revealed, as the
 * metadata itself names it only then: until then it is the game's secret. Its streak, when given, is the card's last
 * line.
 */
export function skyWords(
  skyId: string,
  traits: Record<string, string | number>,
  /** Its streak's line (`streakWords`), when the index counted one. */
  streak?: string,
): ShareWords {
  const title = `Night sky #${skyId}`
  const zone = typeof traits['Time zone'] === 'string' ? traits['Time zone'] : undefined
  const gazes = count(traits.Gazes)
  const [revealed, stars] = String(traits['Stars revealed'] ?? '')
    .split('/')
    .map(Number)
  const constellation = traits.Constellation
  const complete = typeof constellation === 'string' && revealed === stars
  let progress: string | undefined
  if (Number.isInteger(revealed) && Number.isInteger(stars)) {
    if (complete) progress = `all ${stars} stars of ${constellation} revealed`
    else if (revealed === 0) progress = `no star revealed yet, ${stars} to find`
    else progress = `${revealed} of ${stars} stars revealed`
  }
  const gazed = Number.isInteger(gazes) && gazes > 0 ? ` in ${plural(gazes, 'gaze')}` : ''
  const over = zone ? `A night sky over ${zone}` : 'A night sky'
  const description = `${over}, drawn and kept on-chain${progress ? `: ${progress}${gazed}` : ''}.`
  const now = traits.Time === 'Night' ? ' · night there now' : traits.Time === 'Day' ? ' · day there now' : ''
  return {
    title,
    description,
    alt: `${title}, as the chain draws it`,
    card: {
      kicker: PRODUCT_NAME,
      title,
      fallbackTitle: title,
      lines: [
        ...(zone ? [`${zone}${now}`] : []),
        ...(complete ? [`${constellation}, all ${stars} stars revealed`] : []),
        ...(!complete && progress && revealed === 0 ? [`No star revealed yet, ${stars} to find`] : []),
        ...(!complete && progress && revealed !== 0 ? [`${revealed} of ${stars} stars revealed`] : []),
        ...(Number.isInteger(gazes) && gazes > 0 ? [plural(gazes, 'gaze')] : []),
        ...(streak ? [streak] : []),
      ],
    },
  }
}

/** The words of a sky read that could not be made in time: its number and what the game is. */
export function unreadSkyWords(skyId: string): ShareWords {
  const title = `Night sky #${skyId}`
  return {
    title,
    description: 'A night sky drawn and kept on-chain. Stargaze there at night to reveal its constellation.',
    alt: `${title}, as the chain draws it`,
    card: { kicker: PRODUCT_NAME, title, fallbackTitle: title, lines: [] },
  }
}

/** A draft's words: its name, and the sky it dresses. */
export function draftWords(draft: { name: string; skyId: string | null }): ShareWords {
  const sky = draft.skyId === null ? undefined : `night sky #${draft.skyId}`
  return {
    title: draft.name,
    description: sky
      ? `A composition for ${sky}, saved as a draft on ${PRODUCT_NAME} and not applied on chain.`
      : `A composition saved as a draft on ${PRODUCT_NAME}, for no sky yet.`,
    alt: sky ? `${draft.name}: a draft drawn over ${sky}` : draft.name,
    card: {
      kicker: `${PRODUCT_NAME} · draft`,
      title: draft.name,
      fallbackTitle: 'A shared draft',
      lines: [...(sky ? [`For ${sky}`] : []), 'Saved as a draft, not applied on chain'],
    },
  }
}
