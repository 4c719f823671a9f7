import { CARD_HEIGHT, CARD_WIDTH } from './card-svg'
import { PRODUCT_NAME, type ShareWords } from './words'

/** What a page tells link previews about itself (the Open Graph protocol, and X's cards). */
export type ShareMeta = {
  words: ShareWords
  /** The page's own absolute URL. */
  url: string
  /** The absolute URL of its card (a PNG of CARD_WIDTH × CARD_HEIGHT); none where there is no picture to draw. */
  image?: string
}

/** Text as an HTML attribute value or character data: nothing in it can end the attribute or start markup. */
export const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The `<meta>` elements of a page's preview: Open Graph's required four (og:title, og:type, og:image, og:url) with
 * the image's size, type and description, and X's `summary_large_image` card, which reads the same words. A page
 * without a picture gets a `summary` card, without an image.
 */
export function shareMetaTags({ words, url, image }: ShareMeta): string {
  const properties: [string, string][] = [
    ['og:site_name', PRODUCT_NAME],
    ['og:type', 'website'],
    ['og:title', words.title],
    ['og:description', words.description],
    ['og:url', url],
    ...(image
      ? ([
          ['og:image', image],
          ['og:image:type', 'image/png'],
          ['og:image:width', String(CARD_WIDTH)],
          ['og:image:height', String(CARD_HEIGHT)],
          ['og:image:alt', words.alt],
        ] as [string, string][])
      : []),
  ]
  const names: [string, string][] = [
    ['twitter:card', image ? 'summary_large_image' : 'summary'],
    ['twitter:title', words.title],
    ['twitter:description', words.description],
    ...(image
      ? ([
          ['twitter:image', image],
          ['twitter:image:alt', words.alt],
        ] as [string, string][])
      : []),
  ]
  return [
    ...properties.map(([property, content]) => `<meta property="${property}" content="${html(content)}">`),
    ...names.map(([name, content]) => `<meta name="${name}" content="${html(content)}">`),
  ].join('')
}

/**
 * A built page with its preview written into its head: its title and description for this page (what the app sets
 * once it runs), and the tags of {@link shareMetaTags} before `</head>`. A page without a head is left as it is.
 */
export function withShareMeta(page: string, meta: ShareMeta): string {
  const at = page.indexOf('</head>')
  if (at < 0) return page
  const head = page
    .slice(0, at)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${html(`${PRODUCT_NAME} — ${meta.words.title}`)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => {
      return `<meta name="description" content="${html(meta.words.description)}">`
    })
  return `${head}${shareMetaTags(meta)}${page.slice(at)}`
}
