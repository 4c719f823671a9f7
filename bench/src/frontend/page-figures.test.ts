import { describe, expect, it } from 'vitest'
import { type RouteFigures, type Script, warmUpFigures } from './page-figures'

const script = (url: string, gzipBytes: number): Script => ({
  url,
  gzipBytes,
  requestedMs: 100,
  beforePaint: false,
  inHtml: false,
})

const load = (scripts: Script[]): RouteFigures => ({
  route: '/mint',
  fcpMs: 300,
  jsBeforePaintBytes: 0,
  jsInHtmlBytes: 0,
  jsAfterLoadBytes: scripts.reduce((total, s) => total + s.gzipBytes, 0),
  networkIdle: true,
  scripts,
  thirdPartyHosts: [],
  thirdPartyRequests: 0,
  encodings: { document: 'br', scripts: ['br'] },
})

describe('warmUpFigures', () => {
  it('names the scripts only the load with the warm-up fetched, largest first, and their sum', () => {
    const page = [script('/assets/index.js', 11_000), script('/assets/stack.js', 19_000)]
    const withWarmUp = load([...page, script('/assets/icon.js', 900), script('/assets/wallet-kit.js', 68_000)])
    expect(warmUpFigures(withWarmUp, load(page))).toEqual({
      route: '/mint',
      withoutWarmUpBytes: 30_000,
      added: [
        { url: '/assets/wallet-kit.js', gzipBytes: 68_000 },
        { url: '/assets/icon.js', gzipBytes: 900 },
      ],
      addedBytes: 68_900,
    })
  })

  it('adds nothing when both loads fetched the same scripts', () => {
    const page = [script('/assets/index.js', 11_000)]
    expect(warmUpFigures(load(page), load(page))).toMatchObject({ added: [], addedBytes: 0 })
  })
})
