// The connect button is in the page's HTML before the app's script has run. A press in that moment is kept on the
// root element, and the app opens the connect modal for it once it runs (src/lib/wallet/shell/stack-loader.ts).
document.addEventListener(
  'click',
  (event) => {
    const root = document.documentElement
    if (root.hasAttribute('data-app-ready')) return
    if (event.target instanceof Element && event.target.closest('[data-connect-early]')) {
      root.setAttribute('data-connect-requested', '')
    }
  },
  true,
)
