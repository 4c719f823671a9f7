import { describe, expect, it } from 'vitest'
import { type CardInput, CardsBusyError, drawsOnlyItself, shareCards, UndrawableSkyError } from './cards'

const input = (n: number): CardInput => ({
  skySvg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><circle r="${n}"/></svg>`,
  text: { kicker: 'chainellation', title: `Night sky #${n}`, fallbackTitle: `Night sky #${n}`, lines: [] },
})

/** A render that takes no time and makes a PNG-sized buffer of `bytes`, or one held until `release` is called. */
function fakeRender(bytes = 100) {
  const held: (() => void)[] = []
  let holding = false
  return {
    render: async () => {
      if (holding) await new Promise<void>((resolve) => held.push(resolve))
      return Buffer.alloc(bytes)
    },
    hold: () => {
      holding = true
    },
    release: () => {
      holding = false
      for (const resolve of held.splice(0)) resolve()
    },
  }
}

describe('shareCards', () => {
  it('draws a 1200×630 PNG with resvg', async () => {
    const { png } = await shareCards().card(input(40))
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
  })

  it('draws the sky’s decorations, which are images inside its SVG', async () => {
    const red =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="red"/></svg>'
    const skySvg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">' +
      `<image href="data:image/svg+xml;base64,${Buffer.from(red).toString('base64')}" width="512" height="512"/></svg>`
    const { png } = await shareCards().card({ ...input(1), skySvg })
    const { Resvg } = await import('@resvg/resvg-js')
    // The card read back as pixels: the middle of the sky (at 60 + 255 on both axes) is the decoration's red.
    const pixels = new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><image href="data:image/png;base64,${png.toString('base64')}" width="1200" height="630"/></svg>`,
    ).render().pixels
    const at = (315 * 1200 + 315) * 4
    expect([...pixels.subarray(at, at + 4)]).toEqual([255, 0, 0, 255])
  })

  it('refuses a sky whose SVG names a file, which resvg would read from the disk', async () => {
    const named = (href: string) => `<svg xmlns="http://www.w3.org/2000/svg"><image href="${href}"/></svg>`
    for (const href of ['/etc/hosts', 'file:///etc/hosts', ' /x.png', 'x.png'])
      expect(drawsOnlyItself(named(href)), href).toBe(false)
    expect(drawsOnlyItself(named('data:image/png;base64,AAAA'))).toBe(true)
    expect(drawsOnlyItself(`<svg><use xlink:href='/etc/x.svg#a'/></svg>`)).toBe(false)
    await expect(shareCards().card({ ...input(1), skySvg: named('/etc/hosts') })).rejects.toBeInstanceOf(
      UndrawableSkyError,
    )
  })

  it('draws each input once, and tags it with what was drawn', async () => {
    const cards = shareCards({ render: fakeRender().render })
    const first = await cards.card(input(1))
    const again = await cards.card(input(1))
    expect(again.png).toBe(first.png)
    expect(again.etag).toBe(first.etag)
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/)
    expect(cards.etagOf(input(1))).toBe(first.etag)
    expect(cards.etagOf(input(2))).not.toBe(first.etag)
    expect(cards.etagOf({ ...input(1), text: { ...input(1).text, lines: ['1 gaze'] } })).not.toBe(first.etag)
    expect(cards.stats()).toMatchObject({ renders: 1, hits: 1, entries: 1 })
  })

  it('draws a card asked for twice at once only once', async () => {
    const fake = fakeRender()
    const cards = shareCards({ render: fake.render })
    fake.hold()
    const both = Promise.all([cards.card(input(1)), cards.card(input(1))])
    fake.release()
    const [a, b] = await both
    expect(a.png).toBe(b.png)
    expect(cards.stats().renders).toBe(1)
  })

  it('keeps no more cards than its bounds, the least recently used going first', async () => {
    const cards = shareCards({ bounds: { maxEntries: 2, maxBytes: 1_000 }, render: fakeRender(300).render })
    for (const n of [1, 2, 1, 3]) await cards.card(input(n))
    expect(cards.stats()).toMatchObject({ renders: 3, hits: 1, entries: 2, bytes: 600 })
    await cards.card(input(2))
    expect(cards.stats().renders, 'card 2 was dropped').toBe(4)
    await cards.card(input(1))
    expect(cards.stats().renders, 'card 1 was dropped in turn').toBe(5)

    const byBytes = shareCards({ bounds: { maxEntries: 100, maxBytes: 1_000 }, render: fakeRender(400).render })
    for (const n of [1, 2, 3, 4]) await byBytes.card(input(n))
    expect(byBytes.stats()).toMatchObject({ entries: 2, bytes: 800 })
  })

  it('refuses a card that would wait behind 32 others, and draws the rest', async () => {
    const fake = fakeRender()
    const cards = shareCards({ render: fake.render })
    fake.hold()
    // Two draw, 32 wait.
    const accepted = Array.from({ length: 34 }, (_, n) => cards.card(input(n)))
    await expect(cards.card(input(99))).rejects.toBeInstanceOf(CardsBusyError)
    fake.release()
    expect(await Promise.all(accepted)).toHaveLength(34)
    expect(cards.stats().renders).toBe(34)
    await expect(cards.card(input(99))).resolves.toBeDefined()
  })
})
