import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/** A module of RainbowKit's published build (its main module and the chunks it shares with its wallets). */
const RAINBOWKIT_MODULE = /[\\/]node_modules[\\/]@rainbow-me[\\/]rainbowkit[\\/]dist[\\/]/

/**
 * The chunks of RainbowKit's build holding the two pictures of its connect modal (a data URL each), which its main
 * module imports as its provider mounts, to have them at hand for the modal.
 */
const MODAL_PICTURE = /^\.\/(?:assets|login)-\w+\.js$/

/** The modules of RainbowKit's modal that take helpers from tslib (react-remove-scroll and what it imports). */
const KIT_TSLIB_IMPORTER = /[\\/]node_modules[\\/](?:react-remove-scroll|use-sidecar)[\\/]dist[\\/]es2015[\\/]/

/**
 * tslib as an ES module of its own for the kit: the Coinbase wallet's SDK, a CommonJS module, takes all of tslib as
 * one object, which kept every helper (4 kB gzip) in a chunk the two shared; the kit's modules use three of them.
 */
export const KIT_TSLIB = createRequire(import.meta.url).resolve('tslib/tslib.es6.js')

const KIT_BRIDGE = fileURLToPath(new URL('../src/lib/wallet/kit-bridge.ts', import.meta.url))
const PICTURE_PREFIX = '\0chainellation:kit-picture:'

/**
 * What the build gives RainbowKit in place of five of its imports, and why each is safe; `lean-kit.test.ts` reads
 * RainbowKit's build to hold each reason, so an upgrade that uses more of one fails there.
 */
export const KIT_SUBSTITUTES: Readonly<Record<string, string>> = {
  // Its transaction store passes the client from `usePublicClient()` only to viem's `waitForTransactionReceipt`, an
  // action that takes any client. wagmi's public client is the bare one extended with all of viem's public actions
  // (26 kB gzip, with ENS, CCIP and raw-transaction code): `kit-wagmi.ts` answers it with the bare client.
  wagmi: fileURLToPath(new URL('../src/lib/shell/wallet-stack/kit-wagmi.ts', import.meta.url)),
  // Its one `normalize()`, inside a `try`, readies a mainnet ENS name for the avatar lookup, which runs only when
  // Ethereum mainnet is among wagmi's chains, and it never is here (`chains.test.ts`). viem's `normalize` brings the
  // ENS normalization tables (@adraffy/ens-normalize, 26 kB gzip).
  'viem/ens': fileURLToPath(new URL('../src/lib/shell/wallet-stack/kit-ens.ts', import.meta.url)),
  // It parses the whole user agent as its module is evaluated, and reads only the OS's name, to tell three apart:
  // `kit-ua.ts` tells them apart, when the name is first read.
  'ua-parser-js': fileURLToPath(new URL('../src/lib/shell/wallet-stack/kit-ua.ts', import.meta.url)),
  // It draws a QR code only for a wallet connected by scanning: `kit-cuer.tsx` fetches the drawing code then.
  cuer: fileURLToPath(new URL('../src/lib/shell/wallet-stack/kit-cuer.tsx', import.meta.url)),
  // Its WalletConnect wallets create wagmi's mock connector only where there is no `window` (a server's render).
  'wagmi/connectors': fileURLToPath(new URL('../src/lib/shell/wallet-stack/kit-connectors.ts', import.meta.url)),
}

/**
 * Answers five of RainbowKit's imports with lighter modules in the build: the kit is fetched while a page is idle
 * and evaluated before the first press on connect can be answered, so what it carries and never runs is paid by every
 * visit (docs/decisions/first-use.md, "The kit without what it never runs"). Its modal's two pictures wait for the
 * player to reach for a wallet, as the wallets' icons do (`kitPicture` in kit-bridge.ts), and its modal's modules take
 * the tslib helpers they use alone. The dev server, which bundles dependencies on its own, keeps RainbowKit's imports
 * as they are.
 */
export function leanKit(): Plugin {
  return {
    name: 'chainellation:lean-kit',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null
      if (source === 'tslib' && KIT_TSLIB_IMPORTER.test(importer)) return KIT_TSLIB
      if (!RAINBOWKIT_MODULE.test(importer)) return null
      if (MODAL_PICTURE.test(source)) return PICTURE_PREFIX + resolve(dirname(importer), source)
      return KIT_SUBSTITUTES[source] ?? null
    },
    load(id) {
      if (!id.startsWith(PICTURE_PREFIX)) return null
      const picture = JSON.stringify(id.slice(PICTURE_PREFIX.length))
      // RainbowKit reads the module's default export in an async function, which takes the promise's value as its own.
      return [
        `import { kitPicture } from ${JSON.stringify(KIT_BRIDGE)}`,
        `export default kitPicture(() => import(${picture}).then((module) => module.default))()`,
      ].join('\n')
    },
  }
}
