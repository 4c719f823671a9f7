// The page's HTML is whole before any of the app's script runs: the build writes it (vite-plugins/prerender.ts).
// This script looks after that moment. The build writes it into the head of every page, inline, allowed by its hash
// in the Content-Security-Policy (vite-plugins/start-after-paint.ts): it runs as the head is parsed, before the page
// has a control to press. Loaded `async`, it could run after the painted connect button was pressed, as Chromium
// handles input ahead of an async script that has arrived, and the press was lost; loaded `defer`, it ran only after
// the whole document (docs/decisions/first-use.md). The app itself starts only once the document is parsed and has
// painted, as it hydrates all of it.
{
  /** Starts the app, where the build named it (below). */
  let startApp
  const { entry, preload, connect } = document.currentScript?.dataset ?? {}

  /** Fetches `hrefs` (modules, space-separated) beside each other, for the app to import once it runs, `perTask`
   *  links at a time: each link starts a request, and many in one task hold the main thread. */
  const preloadModules = (hrefs, perTask = Number.POSITIVE_INFINITY) => {
    const all = hrefs ? hrefs.split(' ') : []
    const addFrom = (start) => {
      // One insertion for each few.
      const links = document.createDocumentFragment()
      for (const href of all.slice(start, start + perTask)) {
        const link = document.createElement('link')
        link.rel = 'modulepreload'
        link.crossOrigin = ''
        link.href = href
        links.append(link)
      }
      document.head.append(links)
      if (start + perTask < all.length) setTimeout(() => addFrom(start + perTask))
    }
    addFrom(0)
  }
  let connectPreloaded = false
  /** The connect modal needs the wallet stack and RainbowKit: all their modules, beside the app's, rather than one
   *  import level at a time once the app asks for them. Four links per task, as for the entry's own imports: each
   *  link starts a request, and the forty-odd added in one task held the main thread 95 ms at 4× CPU, in the event of
   *  a pointer over connect, where the press that followed waited for them (docs/decisions/first-use.md). */
  const preloadConnect = () => {
    if (connectPreloaded) return
    connectPreloaded = true
    preloadModules(connect, 4)
  }
  /** Whether the app loads the wallet stack as soon as it has hydrated, rather than once the page is quiet: for a
   *  returning wallet user, or inside a Safe's frame. As `wantsWalletAtOnce` decides it in the app
   *  (src/lib/shell/wallet-loader/index.ts); `boot-start.test.ts` holds the two to the same storage key. */
  const walletAtOnce = () => {
    if (window.parent !== window) return true
    try {
      return localStorage.getItem('wagmi.recentConnectorId') !== null
    } catch {
      return false
    }
  }
  /** After the next frame: a press shows on screen first, then the work it asks for begins. */
  const afterFrame = (task) => requestAnimationFrame(() => setTimeout(task))
  const earlyControl = (event) => {
    const control = event.target instanceof Element ? event.target.closest('[data-early]') : null
    const name = control?.getAttribute('data-early')
    return name && /^[a-z]+$/.test(name) ? name : undefined
  }

  // A press on a control the HTML marks `data-early="name"` (the connect button, the menu toggle) before the app
  // runs is kept on the root element as `data-name-requested` (which styles the control as busy at once); the app
  // acts on it once it runs (src/lib/early-press.ts).
  document.addEventListener(
    'click',
    (event) => {
      const root = document.documentElement
      if (root.hasAttribute('data-app-ready')) return
      // A press on one of the page's own links before the app has taken over is left to the browser, which loads that
      // page. React, still hydrating, would take it instead and hand it to the router, whose navigate() does nothing
      // until the link's layout effects have run: the press was lost (seen in an end-to-end run, a footer link).
      const link = event.target instanceof Element ? event.target.closest('a[href^="/"]:not([href^="//"])') : null
      if (link) {
        event.stopPropagation()
        return
      }
      const name = earlyControl(event)
      if (!name) return
      event.stopPropagation()
      root.setAttribute(`data-${name}-requested`, '')
      afterFrame(() => {
        // Someone is waiting on the app: no reason left to wait for the first paint.
        startApp?.()
        if (name === 'connect') preloadConnect()
      })
    },
    true,
  )
  // The rest of a press on an early control, kept from React too until the app is ready. React hydrates the page in
  // short tasks, but a press it sees on a part it has not hydrated yet makes it hydrate the whole page at once, inside
  // the press: traced at 4× CPU, a pointerdown held 90–110 ms before the page could show it (docs/decisions/first-use.md).
  for (const type of 'pointerdown pointerup mousedown mouseup touchstart touchend keydown keyup'.split(' ')) {
    document.addEventListener(
      type,
      (event) => {
        if (!document.documentElement.hasAttribute('data-app-ready') && earlyControl(event)) event.stopPropagation()
      },
      true,
    )
  }
  // Intent: a pointer over connect, or focus on it, before the app runs starts it and fetches what the modal needs,
  // in a task after the event's own: a press right behind the pointer is handled, and shown, first.
  const onIntent = (event) => {
    if (document.documentElement.hasAttribute('data-app-ready') || earlyControl(event) !== 'connect') return
    setTimeout(() => {
      startApp?.()
      preloadConnect()
    })
  }
  document.addEventListener('pointerover', onIntent, true)
  document.addEventListener('focusin', onIntent, true)

  // The production build names the app's entry module here rather than in a module script, with the modules it
  // imports (vite-plugins/start-after-paint.ts): the app is fetched once the HTML is on screen, so the first paint
  // waits for no script.
  if (entry) {
    let started = false
    const start = () => {
      if (started) return
      started = true
      const begin = () => {
        // The entry first; its imports beside it, four per task, so that a press waits behind none of it for long.
        import(entry)
        if (walletAtOnce()) {
          // The app asks for the wallet stack once it has hydrated; its modules come beside the app's, after them,
          // rather than one import level at a time from then on (docs/decisions/first-use.md).
          connectPreloaded = true
          preloadModules([preload, connect].filter(Boolean).join(' '), 4)
        } else preloadModules(preload, 4)
      }
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin, { once: true })
      else begin()
    }
    startApp = start
    if (document.visibilityState === 'hidden') {
      // A hidden page paints nothing: start at once.
      start()
    } else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      // Once the browser reports the first contentful paint, that is once it is on screen (a frame is drawn some
      // time after its animation callbacks run). A page that never reports one still starts.
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return
        observer.disconnect()
        start()
      }).observe({ type: 'paint', buffered: true })
      setTimeout(start, 3000)
    } else {
      // A task queued from the first frame's animation callbacks runs once that frame is drawn.
      requestAnimationFrame(() => setTimeout(start))
    }
  }
}
