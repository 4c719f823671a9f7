import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importClosure, inlineScript, moveEntryToBoot, withBootScript } from './start-after-paint.ts'

// As Vite writes the built index.html: the entry script and its modulepreload links, after the page's own tags.
const built = `<head>
    <meta charset="UTF-8" />
    <title>chainellation</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="modulepreload" crossorigin href="/assets/router-C.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
  </head>`

const CODE = 'boot()'

describe('moveEntryToBoot', () => {
  it('names the entry and its imports on the inline boot script, and leaves no module script or preload', () => {
    const html = moveEntryToBoot(built, CODE)
    expect(html).toBe(`<head>
    <meta charset="UTF-8" />
    <title>chainellation</title>
    <script data-entry="/assets/index-A.js" data-preload="/assets/react-B.js /assets/router-C.js">boot()</script>
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
  </head>`)
  })

  it('works for an entry that imports nothing', () => {
    const html = moveEntryToBoot(built.replace(/\s*<link rel="modulepreload"[^>]+>/g, ''), CODE)
    expect(html).toContain('<script data-entry="/assets/index-A.js" data-preload="">boot()</script>')
    expect(html).not.toContain('type="module"')
  })

  it('refuses a page without exactly one entry, or without exactly one title', () => {
    expect(() => moveEntryToBoot(built.replace(/<script type="module"[^>]+><\/script>/, ''), CODE)).toThrow(
      /0 module scripts/,
    )
    const twice = built.replace('</head>', '<script type="module" crossorigin src="/assets/x.js"></script></head>')
    expect(() => moveEntryToBoot(twice, CODE)).toThrow(/2 module scripts/)
    expect(() => moveEntryToBoot(built.replace('</title>', ''), CODE)).toThrow(/0 <\/title>/)
  })

  it('adds the modules the entry loads at once, and names those a press on connect needs, each once', () => {
    const html = moveEntryToBoot(built, CODE, {
      atStart: ['/assets/react-B.js', '/assets/client-E.js'],
      onConnect: ['/assets/stack-F.js', '/assets/react-B.js', '/assets/index-A.js', '/assets/viem-G.js'],
    })
    expect(html).toContain(
      '<script data-entry="/assets/index-A.js" data-preload="/assets/react-B.js /assets/router-C.js /assets/client-E.js" data-connect="/assets/stack-F.js /assets/viem-G.js">boot()</script>',
    )
  })
})

describe('the inline boot script', () => {
  it('comes before every style sheet of the page, which an inline script would wait for', () => {
    const html = withBootScript(built, CODE)
    expect(html.indexOf('<script>boot()</script>')).toBeGreaterThan(html.indexOf('</title>'))
    expect(html.indexOf('<script>boot()</script>')).toBeLessThan(html.indexOf('rel="stylesheet"'))
  })

  it("is the app's boot script minified, with the hash of exactly the text the page holds", () => {
    const source = readFileSync(join(import.meta.dirname, '../src/boot.js'), 'utf8')
    const { code, source: hash } = inlineScript(source)
    expect(code.length).toBeLessThan(source.length / 2)
    expect(code).toContain('import(')
    expect(hash).toBe(`'sha256-${createHash('sha256').update(code).digest('base64')}'`)
    // Any change to the script is another script to the browser.
    expect(inlineScript(source.replace('import(entry)', 'import(entry + "")')).source).not.toBe(hash)
  })

  it('never holds what would end it early in the HTML parser, and refuses a script that does not parse', () => {
    // The minifier writes a string's `</script` as `<\/script`; a `<!--` it leaves is refused.
    for (const text of ['</script>', '</SCRIPT >']) {
      expect(inlineScript(`document.title = "${text}"`).code).not.toMatch(/<\/script/i)
    }
    expect(() => inlineScript('document.title = "<!--"')).toThrow(/<!--/)
    expect(() => inlineScript('let = = 1')).toThrow(/does not parse/)
  })
})

describe('importClosure', () => {
  it('follows static imports through every level, each chunk once, loops included', () => {
    const imports: Record<string, string[]> = {
      stack: ['wagmi', 'viem'],
      kit: ['rainbowkit', 'wagmi'],
      wagmi: ['viem', 'query'],
      viem: ['noble'],
      noble: ['viem'],
    }
    expect(importClosure(['stack', 'kit'], (file) => imports[file]).sort()).toEqual(
      ['kit', 'noble', 'query', 'rainbowkit', 'stack', 'viem', 'wagmi'].sort(),
    )
  })

  it('lists a chunk after the chunks it imports, so that importing them in order evaluates one at a time', () => {
    const imports: Record<string, string[]> = { kit: ['rainbowkit', 'wagmi'], wagmi: ['viem'], rainbowkit: ['viem'] }
    expect(importClosure(['kit'], (file) => imports[file])).toEqual(['viem', 'rainbowkit', 'wagmi', 'kit'])
  })
})
