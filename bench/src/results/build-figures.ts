import { type FrontendReport, KEY_ROUTES, OUR_ROUTES } from '../frontend/frontend-report'
import { atOnceTarget, type Figure, figure, settledTarget, TARGETS, tbtToHomeTarget } from './figures'
import type { Inputs, MintReport, StargazeReport } from './report-types'
import { discoveryFigures, prodFigures, remindersFigures, scaleFigures } from './server-figures'

const routeOf = (report: FrontendReport | null, site: 'ours' | 'baseline', route: string) =>
  report?.[site]?.routes.find((r) => r.route === route)

/** JavaScript per route: before first paint, named by the HTML, after load, and what the warm-up adds. */
function jsFigures(f: FrontendReport | null): Figure[] {
  const out: Figure[] = []
  const home = (site: 'ours' | 'baseline') => routeOf(f, site, '/')
  for (const route of OUR_ROUTES) {
    const base = route === '/' ? home('baseline')?.jsBeforePaintBytes : null
    const target = route === '/' ? TARGETS.jsBeforePaintHome : null
    out.push(
      figure(
        `js.beforePaint.${route}`,
        'front end',
        `JS before first paint ${route}`,
        'bytes',
        routeOf(f, 'ours', route)?.jsBeforePaintBytes,
        base,
        target,
      ),
    )
  }
  out.push(
    figure(
      'js.inHtml./',
      'front end',
      'JS the HTML names / (static graph)',
      'bytes',
      home('ours')?.jsInHtmlBytes,
      home('baseline')?.jsInHtmlBytes,
    ),
  )
  for (const route of OUR_ROUTES) {
    const base = route === '/' ? home('baseline')?.jsAfterLoadBytes : null
    out.push(
      figure(
        `js.afterLoad.${route}`,
        'front end',
        `JS after load ${route} (idle + 3 s)`,
        'bytes',
        routeOf(f, 'ours', route)?.jsAfterLoadBytes,
        base,
        route === '/mint' ? TARGETS.jsAfterLoadMint : null,
      ),
    )
  }
  const warmUp = f?.ours?.warmUp
  out.push(
    figure(
      'js.afterLoadWithoutWarmUp./mint',
      'front end',
      'JS after load /mint, without the warm-up',
      'bytes',
      warmUp?.withoutWarmUpBytes,
    ),
    figure('js.warmUp./mint', 'front end', 'JS the warm-up added /mint', 'bytes', warmUp?.addedBytes),
  )
  return out
}

/** Lighthouse mobile per key route: the performance score, LCP and TBT, then the other three categories. */
function lighthouseFigures(f: FrontendReport | null): Figure[] {
  const out: Figure[] = []
  const lh = (site: 'ours' | 'baseline', route: string) => f?.[site]?.lighthouse[route]?.median
  for (const route of KEY_ROUTES) {
    const base = route === '/' ? lh('baseline', '/') : null
    const home = route === '/'
    out.push(
      figure(
        `lighthouse.score.${route}`,
        'front end',
        `Lighthouse mobile ${route}`,
        'score',
        lh('ours', route)?.score,
        base?.score,
        home ? TARGETS.lighthouseHome : TARGETS.lighthouseGame,
      ),
      figure(
        `lighthouse.lcp.${route}`,
        'front end',
        `LCP ${route}`,
        'ms',
        lh('ours', route)?.lcpMs,
        base?.lcpMs,
        home ? TARGETS.lcpHome : TARGETS.lcpGame,
      ),
      figure(
        `lighthouse.tbt.${route}`,
        'front end',
        `TBT ${route}`,
        'ms',
        lh('ours', route)?.tbtMs,
        base?.tbtMs,
        home ? TARGETS.tbtHome : TARGETS.tbtGame,
      ),
    )
  }
  // Each game page's TBT beside the home page's in the same run, its floor: a ratio holds on a slower machine too.
  const homeTbt = lh('ours', '/')?.tbtMs
  for (const route of KEY_ROUTES.filter((r) => r !== '/')) {
    out.push(
      figure(
        `lighthouse.tbtToHome.${route}`,
        'front end',
        `TBT ${route} (baseline: our /)`,
        'ms',
        lh('ours', route)?.tbtMs,
        homeTbt,
        tbtToHomeTarget(homeTbt),
      ),
    )
  }
  const categories = [
    ['accessibility', 'accessibility', TARGETS.lighthouseAccessibility],
    ['bestPractices', 'best practices', TARGETS.lighthouseBestPractices],
    ['seo', 'SEO', TARGETS.lighthouseSeo],
  ] as const
  for (const [key, name, target] of categories) {
    for (const route of KEY_ROUTES) {
      const base = route === '/' ? lh('baseline', '/') : null
      out.push(
        figure(
          `lighthouse.${key}.${route}`,
          'front end',
          `Lighthouse ${name} ${route}`,
          'score',
          lh('ours', route)?.[key],
          base?.[key],
          target,
        ),
      )
    }
  }
  return out
}

/** Third-party hosts on load, and the connect button and modal at 4× CPU. */
function connectFigures(f: FrontendReport | null): Figure[] {
  const out: Figure[] = []
  const home = (site: 'ours' | 'baseline') => routeOf(f, site, '/')
  for (const route of OUR_ROUTES) {
    const base = route === '/' ? home('baseline')?.thirdPartyHosts.length : null
    out.push(
      figure(
        `thirdPartyHosts.${route}`,
        'front end',
        `Third-party hosts on load ${route}`,
        'count',
        routeOf(f, 'ours', route)?.thirdPartyHosts.length,
        base,
        TARGETS.thirdPartyHosts,
      ),
    )
  }
  const rate = f?.cpuThrottlingRate ?? 4
  const connect = (site: 'ours' | 'baseline') => f?.[site]?.connect.median
  const settled = (site: 'ours' | 'baseline') => f?.[site]?.connectSettled?.median
  out.push(
    figure(
      'connect.visibleMs',
      'front end',
      `Connect button usable (${rate}× CPU)`,
      'ms',
      connect('ours')?.connectVisibleMs,
      connect('baseline')?.connectVisibleMs,
      TARGETS.connectVisible,
    ),
    figure(
      'connect.modalMs',
      'front end',
      `Connect modal, pressed at once (${rate}× CPU)`,
      'ms',
      connect('ours')?.connectModalMs,
      connect('baseline')?.connectModalMs,
      atOnceTarget(connect('baseline')?.connectModalMs),
    ),
    figure(
      'connect.modalSettledMs',
      'front end',
      `Press to connect modal, pressed at 3 s (${rate}× CPU)`,
      'ms',
      settled('ours')?.pressToModalMs,
      settled('baseline')?.pressToModalMs,
      settledTarget(settled('baseline')?.pressToModalMs),
    ),
    figure(
      'connect.pressFeedbackMs.atOnce',
      'front end',
      `Press to first answer on screen, pressed at once (${rate}× CPU)`,
      'ms',
      connect('ours')?.pressFeedbackMs,
      connect('baseline')?.pressFeedbackMs,
      TARGETS.pressFeedback,
    ),
    figure(
      'connect.pressFeedbackMs.settled',
      'front end',
      `Press to first answer on screen, pressed at 3 s (${rate}× CPU)`,
      'ms',
      settled('ours')?.pressFeedbackMs,
      settled('baseline')?.pressFeedbackMs,
      TARGETS.pressFeedback,
    ),
  )
  return out
}

/** A new wallet's first sky, and the RPC requests the mint and stargaze pages cost. */
function pageFigures(mint: MintReport | null, stargaze: StargazeReport | null): Figure[] {
  const out: Figure[] = []
  if (mint?.firstSky) {
    out.push(
      figure(
        'firstSky.prompts',
        'front end',
        'Wallet prompts, new wallet on /mint to a minted sky',
        'count',
        mint.firstSky.prompts,
        null,
        TARGETS.firstSkyPrompts,
      ),
      figure(
        'firstSky.etherNeeded',
        'front end',
        'Ether a new wallet holding none spends on its first sky',
        'ETH',
        mint.firstSky.etherNeeded,
        null,
        TARGETS.firstSkyEther,
      ),
      figure(
        'firstSky.pressToSkyMs.sponsored',
        'front end',
        'Press on Mint to the minted sky, the game paying the gas (baseline: floor)',
        'ms',
        mint.firstSky.pressToSkyMs?.sponsored.medianMs,
        mint.firstSky.floorMs?.sponsored.medianMs,
      ),
      figure(
        'firstSky.pressToSkyMs.unsponsored',
        'front end',
        'Press on Mint to the minted sky, the wallet paying the gas (baseline: floor)',
        'ms',
        mint.firstSky.pressToSkyMs?.unsponsored.medianMs,
        mint.firstSky.floorMs?.unsponsored.medianMs,
      ),
    )
  }

  if (mint) {
    out.push(
      figure('mint.previewMedianMs', 'RPC', 'Mint preview after a change', 'ms', mint.preview.medianMs, null, {
        op: '<=',
        value: mint.preview.targetMedianMs,
      }),
      figure(
        'mint.rpcRequests',
        'RPC',
        `Mint RPC requests, ${mint.rpc.actions} actions`,
        'count',
        mint.rpc.requests,
        null,
        {
          op: '<=',
          value: mint.rpc.target,
        },
      ),
    )
  }
  if (stargaze) {
    const { first, all } = stargaze.yourSkies
    const gallery = stargaze.gallery.first
    out.push(
      figure(
        'stargaze.yourFirst.ms',
        'RPC',
        `Stargaze: your ${first.cards} skies (baseline: floor)`,
        'ms',
        first.medianMs,
        first.floor?.medianMs,
        TARGETS.stargazeFirstCards,
      ),
      figure(
        'stargaze.yourFirst.requests',
        'RPC',
        `  RPC requests, your ${first.cards}`,
        'count',
        first.maxRequests,
        null,
        {
          op: '<=',
          value: first.targetRequests,
        },
      ),
      figure('stargaze.yourAll.ms', 'RPC', `Stargaze: your ${all.cards} skies`, 'ms', all.medianMs),
      figure('stargaze.yourAll.requests', 'RPC', `  RPC requests, your ${all.cards}`, 'count', all.maxRequests),
      figure(
        'stargaze.gallery.ms',
        'RPC',
        `Stargaze: everyone's ${gallery.cards} (baseline: floor)`,
        'ms',
        gallery.medianMs,
        gallery.floor?.medianMs,
        TARGETS.stargazeFirstCards,
      ),
      figure(
        'stargaze.gallery.requests',
        'RPC',
        `  RPC requests, everyone's ${gallery.cards}`,
        'count',
        gallery.maxRequests,
      ),
    )
  }
  return out
}

/** Every figure of the table, ours beside the starter's. */
export function buildFigures({ frontend, mint, stargaze, gas, discovery, prod, scale, reminders }: Inputs): Figure[] {
  return [
    ...jsFigures(frontend),
    ...lighthouseFigures(frontend),
    ...connectFigures(frontend),
    ...pageFigures(mint, stargaze),
    ...(discovery ? discoveryFigures(discovery) : []),
    ...(prod ? prodFigures(prod) : []),
    ...(reminders ? remindersFigures(reminders) : []),
    ...(scale ? scaleFigures(scale) : []),
    ...Object.entries(gas ?? {}).map(([action, used]) => figure(`gas.${action}`, 'gas', `Gas: ${action}`, 'gas', used)),
  ]
}
