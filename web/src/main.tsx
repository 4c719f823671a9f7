import '@fontsource/kdam-thmor-pro/latin-400.css'
import '@fontsource-variable/inter/wght.css'
import '@/styles/global.css'
import { StrictMode, startTransition } from 'react'
import { App } from '@/app/app'
import { createAppRouter } from '@/app/router'
import { loadWalletStack, wantsWalletAtOnce } from '@/lib/shell'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// React's DOM renderer, the largest module the page runs, is evaluated in a task of its own after the app's code,
// so neither holds the main thread long. A promise, not a top-level await: a module with one turns the bundler's
// chunk optimisations off for the whole build, which split every page's scripts into many small chunks
// (docs/decisions/wallet-stack-loading.md).
void Promise.all([import('react-dom/client'), createAppRouter()]).then(([{ createRoot, hydrateRoot }, router]) => {
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  )
  // The build wrote the page's HTML for this path (see vite-plugins/prerender.ts): React takes it over as it is.
  // Any other page's HTML is the shell with its loading state, which the first render replaces. Either is a transition,
  // which React renders in short tasks (a transition's hydration too: its lane does not block) and commits in one.
  // A press on a part not yet hydrated would make React hydrate the rest at once, inside the press; until the first
  // commit, src/boot.js keeps presses on connect and on the menu toggle instead (see RootLayout,
  // docs/decisions/first-use.md).
  startTransition(() => {
    if (root.dataset.prerendered === window.location.pathname) hydrateRoot(root, app)
    else createRoot(root).render(app)
  })
  // A returning wallet, or the app inside a Safe, connects on load: fetch the wallet stack alongside the first render
  // rather than after it (WalletRoot asks for it once the layout has committed).
  if (wantsWalletAtOnce()) void loadWalletStack()

  // Analytics (off unless configured) never holds up the first paint.
  void import('@/config/analytics').then(({ startAnalytics }) => startAnalytics())
})
