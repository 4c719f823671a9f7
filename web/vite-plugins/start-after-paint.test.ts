import { describe, expect, it } from 'vitest'
import { importClosure, moveEntryToBoot } from './start-after-paint.ts'

// As Vite writes the built index.html: the entry script and its modulepreload links, after the page's own tags.
const built = `<head>
    <title>chainellation</title>
    <script src="/boot.js" async></script>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="modulepreload" crossorigin href="/assets/router-C.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
  </head>`

describe('moveEntryToBoot', () => {
  it('names the entry and its imports on the boot script, and leaves no module script or preload in the page', () => {
    const html = moveEntryToBoot(built, '/boot.js')
    expect(html).toBe(`<head>
    <title>chainellation</title>
    <script src="/boot.js" async data-entry="/assets/index-A.js" data-preload="/assets/react-B.js /assets/router-C.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
  </head>`)
  })

  it('works for an entry that imports nothing', () => {
    const html = moveEntryToBoot(built.replace(/\s*<link rel="modulepreload"[^>]+>/g, ''), '/boot.js')
    expect(html).toContain('<script src="/boot.js" async data-entry="/assets/index-A.js" data-preload=""></script>')
    expect(html).not.toContain('type="module"')
  })

  it('refuses a page without exactly one entry, or without the boot script', () => {
    expect(() => moveEntryToBoot(built.replace(/<script type="module"[^>]+><\/script>/, ''), '/boot.js')).toThrow(
      /0 module scripts/,
    )
    const twice = built.replace('</head>', '<script type="module" crossorigin src="/assets/x.js"></script></head>')
    expect(() => moveEntryToBoot(twice, '/boot.js')).toThrow(/2 module scripts/)
    expect(() => moveEntryToBoot(built, '/start.js')).toThrow(/no <script src="\/start.js" async>/)
  })

  it('adds the modules the entry loads at once, and names those a press on connect needs, each once', () => {
    const html = moveEntryToBoot(built, '/boot.js', {
      atStart: ['/assets/react-B.js', '/assets/client-E.js'],
      onConnect: ['/assets/stack-F.js', '/assets/react-B.js', '/assets/index-A.js', '/assets/viem-G.js'],
    })
    expect(html).toContain(
      '<script src="/boot.js" async data-entry="/assets/index-A.js" data-preload="/assets/react-B.js /assets/router-C.js /assets/client-E.js" data-connect="/assets/stack-F.js /assets/viem-G.js"></script>',
    )
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
