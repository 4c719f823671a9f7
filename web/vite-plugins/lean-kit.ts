import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/** A module of RainbowKit's published build (its main module and the chunks it shares with its wallets). */
const RAINBOWKIT_MODULE = /[\\/]node_modules[\\/]@rainbow-me[\\/]rainbowkit[\\/]dist[\\/]/

/**
 * What the build gives RainbowKit in place of three of its imports, and why each is safe; `lean-kit.test.ts` reads
 * RainbowKit's build to hold each reason, so an upgrade that uses more of one fails there.
 */
export const KIT_SUBSTITUTES: Readonly<Record<string, string>> = {
  // Its transaction store passes the client from `usePublicClient()` only to viem's `waitForTransactionReceipt`, an
  // action that takes any client. wagmi's public client is the bare one extended with all of viem's public actions
  // (26 kB gzip, with ENS, CCIP and raw-transaction code): `kit-wagmi.ts` answers it with the bare client.
  wagmi: fileURLToPath(new URL('../src/lib/shell/stack/kit-wagmi.ts', import.meta.url)),
  // Its one `normalize()`, inside a `try`, readies a mainnet ENS name for the avatar lookup, which runs only when
  // Ethereum mainnet is among wagmi's chains, and it never is here (`chains.test.ts`). viem's `normalize` brings the
  // ENS normalization tables (@adraffy/ens-normalize, 26 kB gzip).
  'viem/ens': fileURLToPath(new URL('../src/lib/shell/stack/kit-ens.ts', import.meta.url)),
  // It parses the whole user agent as its module is evaluated, and reads only the OS's name: `kit-ua.ts` parses the
  // OS alone, when its name is first read.
  'ua-parser-js': fileURLToPath(new URL('../src/lib/shell/stack/kit-ua.ts', import.meta.url)),
}

/**
 * Answers three of RainbowKit's imports with lighter modules in the build: the kit is fetched while a page is idle
 * and evaluated before the first press on connect can be answered, so what it carries and never runs is paid by every
 * visit (docs/decisions/first-use.md, "The kit without what it never runs"). The dev server, which bundles
 * dependencies on its own, keeps RainbowKit's imports as they are.
 */
export function leanKit(): Plugin {
  return {
    name: 'chainellation:lean-kit',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !RAINBOWKIT_MODULE.test(importer)) return null
      return KIT_SUBSTITUTES[source] ?? null
    },
  }
}
