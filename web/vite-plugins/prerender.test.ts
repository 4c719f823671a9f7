import { describe, expect, it } from 'vitest'
import { fillTemplate, stylesheetsOf, withPreloads, withStylesheets } from './prerender.ts'

const template =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>'

describe('fillTemplate', () => {
  it('puts the HTML inside the root element, marked with the path to hydrate', () => {
    expect(fillTemplate(template, '<main>hi</main>', '/mint')).toBe(
      '<!doctype html><html><body><div id="root" data-prerendered="/mint"><main>hi</main></div><script type="module" src="/a.js"></script></body></html>',
    )
  })

  it('leaves the mark off a page the browser renders afresh', () => {
    expect(fillTemplate(template, '<main>shell</main>')).toContain('<div id="root"><main>shell</main></div>')
  })

  it('refuses a template without exactly one empty root element', () => {
    expect(() => fillTemplate('<body></body>', 'x')).toThrow(/exactly one/)
    expect(() => fillTemplate('<div id="root"></div><div id="root"></div>', 'x')).toThrow(/exactly one/)
  })
})

describe('stylesheetsOf', () => {
  it("lists a chunk's stylesheets after those of the chunks it imports, each once, through import loops", () => {
    const chunks = new Map([
      ['page.js', { imports: ['shared.js', 'ui.js'], css: ['page.css'] }],
      ['shared.js', { imports: ['ui.js'], css: ['shared.css'] }],
      ['ui.js', { imports: ['shared.js'], css: ['ui.css', 'shared.css'] }],
    ])
    expect(stylesheetsOf('page.js', chunks)).toEqual(['ui.css', 'shared.css', 'page.css'])
    expect(stylesheetsOf('unknown.js', chunks)).toEqual([])
  })
})

describe('withStylesheets', () => {
  it('links each stylesheet at the end of the head, and leaves a page with none as it is', () => {
    const page = '<html><head><title>t</title></head><body></body></html>'
    expect(withStylesheets(page, ['/a.css', '/b.css'])).toBe(
      '<html><head><title>t</title><link rel="stylesheet" crossorigin href="/a.css"><link rel="stylesheet" crossorigin href="/b.css"></head><body></body></html>',
    )
    expect(withStylesheets(page, [])).toBe(page)
    const linked = withStylesheets(page, ['/a.css'])
    expect(withStylesheets(linked, ['/a.css'])).toBe(linked)
  })
})

describe('withPreloads', () => {
  const page =
    '<head><script data-entry="/assets/index.js" data-preload="/assets/react.js /assets/lib.js" data-connect="/assets/stack.js">boot()</script></head>'
  it("adds the route's chunks to the boot script's preloads, after those it lists, each once", () => {
    expect(withPreloads(page, ['/assets/lib.js', '/assets/index.js', '/assets/page.js', '/assets/route.js'])).toBe(
      '<head><script data-entry="/assets/index.js" data-preload="/assets/react.js /assets/lib.js /assets/page.js /assets/route.js" data-connect="/assets/stack.js">boot()</script></head>',
    )
  })
  it('leaves a page as it is with nothing to add, or without a boot script naming preloads (development)', () => {
    expect(withPreloads(page, ['/assets/lib.js'])).toBe(page)
    expect(withPreloads('<head></head>', ['/assets/route.js'])).toBe('<head></head>')
  })
})
