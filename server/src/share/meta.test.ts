import { describe, expect, it } from 'vitest'
import { type ShareMeta, shareMetaTags, withShareMeta } from './meta'
import { draftWords, skyWords } from './words'

const page =
  '<!doctype html><html><head><meta name="description" content="An on-chain game." />' +
  '<title>chainellation</title></head><body><div id="root"></div></body></html>'

/** The content of each `<meta>` of `html` by its property or name. */
const metaOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  )

const sky: ShareMeta = {
  words: skyWords('7', { 'Time zone': 'UTC+00:00', Gazes: 0, 'Stars revealed': '0/8' }),
  url: 'https://chainellation.example/sky/7',
  image: 'https://chainellation.example/api/skies/1/7/card.png?v=abc',
}

describe('shareMetaTags', () => {
  it('writes Open Graph’s and X’s tags with absolute URLs and the card’s size', () => {
    expect(metaOf(shareMetaTags(sky))).toEqual({
      'og:site_name': 'chainellation',
      'og:type': 'website',
      'og:title': 'Night sky #7',
      'og:description': sky.words.description,
      'og:url': sky.url,
      'og:image': sky.image,
      'og:image:type': 'image/png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Night sky #7, as the chain draws it',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Night sky #7',
      'twitter:description': sky.words.description,
      'twitter:image': sky.image,
      'twitter:image:alt': 'Night sky #7, as the chain draws it',
    })
  })

  it('leaves the image out, and asks for a small card, where there is no picture', () => {
    const tags = metaOf(shareMetaTags({ ...sky, image: undefined }))
    expect(tags['og:image']).toBeUndefined()
    expect(tags['twitter:image']).toBeUndefined()
    expect(tags['twitter:card']).toBe('summary')
  })
})

describe('withShareMeta', () => {
  it('titles and describes the page as the preview does, and adds the tags to its head', () => {
    const html = withShareMeta(page, sky)
    expect(html).toContain('<title>chainellation — Night sky #7</title>')
    expect(html).toContain(`<meta name="description" content="${sky.words.description}">`)
    expect(html).not.toContain('An on-chain game.')
    expect(html.indexOf('og:image')).toBeLessThan(html.indexOf('</head>'))
    expect(html.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true)
  })

  it('writes a player’s words as text, never as markup', () => {
    const name = `"><script>alert(1)</script><meta x="`
    const html = withShareMeta(page, { words: draftWords({ name, skyId: '1' }), url: 'https://x.example/draft/a' })
    expect(html).not.toContain('<script>')
    expect(html.match(/<meta /g)).toHaveLength(Object.keys(metaOf(html)).length)
    expect(metaOf(html)['og:title']).toBe('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;meta x=&#34;')
    expect(html).toContain('<title>chainellation — &#34;&#62;&#60;script&#62;')
  })
})
