import { describe, expect, it } from 'vitest'
import { fillTemplate } from './prerender.ts'

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
