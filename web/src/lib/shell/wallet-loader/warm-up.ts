import { inIdlePeriod, preloadInSlices } from './idle-slices'
import { fetchWalletKit, loadWalletStack } from './load'
import { loader } from './loader-state'

type SaveDataWindow = { navigator: { connection?: { saveData?: boolean } } }

/**
 * The chunks of the wallet stack and the kit, each after those it imports, as the production build names them on the
 * page's boot script (vite-plugins/start-after-paint.ts); none in development.
 */
function warmUpChunks(): string[] {
  const boot = document.querySelector<HTMLScriptElement>('script[data-connect]')
  // Less those already preloaded: the boot script preloads them all for a press on connect before the app runs, and
  // each link added again is main-thread work a press on connect may wait behind.
  const preloaded = new Set(
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href),
  )
  return (boot?.dataset.connect?.split(' ') ?? []).filter(
    (file) => file && !preloaded.has(new URL(file, document.baseURI).href),
  )
}

/**
 * Once the page has loaded and gone quiet, preloads the chunks of the stack and the kit (in slices), then evaluates
 * and renders the stack in an idle period and the kit in another: never before the first paint (the app itself
 * starts after it), never in a task a press or the page's own work is waiting behind. Skipped when the browser asks
 * to save data (`navigator.connection.saveData`); the press still loads them. Evaluating a chunk per idle period was
 * tried: it kept each task shorter but left the kit unready 3 s after navigation at 4× CPU (docs/decisions/first-use.md).
 */
export function warmUpWhenIdle() {
  if (loader.warmUp || (window as unknown as SaveDataWindow).navigator.connection?.saveData) return
  const warmUp = Symbol('wallet warm-up')
  loader.warmUp = warmUp
  // Each step runs only while this is still the page's warm-up.
  const current = (task: () => void) => () => {
    if (loader.warmUp === warmUp) task()
  }
  const start = current(() =>
    inIdlePeriod(
      current(() => {
        // Named on the page's timeline, for the budget test and the bench to tell what the warm-up fetched.
        performance.mark('wallet-warm-up')
        void preloadInSlices(warmUpChunks()).then(
          current(() => void loadWalletStack().then(() => inIdlePeriod(current(() => void fetchWalletKit())))),
        )
      }),
    ),
  )
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}
