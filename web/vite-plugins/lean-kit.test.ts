import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'
import { describe, expect, it } from 'vitest'
import { KIT_SUBSTITUTES, leanKit } from './lean-kit.ts'

const kitMain = createRequire(import.meta.url).resolve('@rainbow-me/rainbowkit')
/** RainbowKit's main module, its whitespace folded so that a snippet matches however it is laid out. */
const kitSource = readFileSync(kitMain, 'utf8').replace(/\s+/g, ' ')
const count = (pattern: RegExp) => kitSource.match(pattern)?.length ?? 0

const resolve = (source: string, importer: string | undefined) => {
  const hook = leanKit().resolveId as Extract<Plugin['resolveId'], (...args: never[]) => unknown>
  return (hook as (this: unknown, source: string, importer: string | undefined) => unknown).call({}, source, importer)
}

describe('leanKit', () => {
  it('answers RainbowKit’s wagmi, viem/ens and ua-parser-js imports with the substitutes, in the build only', () => {
    expect(leanKit()).toMatchObject({ apply: 'build', enforce: 'pre' })
    expect(resolve('wagmi', kitMain)).toBe(KIT_SUBSTITUTES.wagmi)
    expect(resolve('viem/ens', kitMain)).toBe(KIT_SUBSTITUTES['viem/ens'])
    expect(resolve('ua-parser-js', kitMain)).toBe(KIT_SUBSTITUTES['ua-parser-js'])
    expect(resolve('wagmi', kitMain.replace('index.js', 'wallets/walletConnectors/index.js'))).toBe(
      KIT_SUBSTITUTES.wagmi,
    )
  })

  it('leaves every other import alone, and the app’s own wagmi', () => {
    expect(resolve('wagmi/chains', kitMain)).toBeNull()
    expect(resolve('viem', kitMain)).toBeNull()
    expect(resolve('wagmi', '/repo/web/src/lib/shell/stack/wallet-kit.tsx')).toBeNull()
    expect(resolve('wagmi', KIT_SUBSTITUTES.wagmi)).toBeNull()
    expect(resolve('wagmi', undefined)).toBeNull()
    expect(resolve('ua-parser-js', KIT_SUBSTITUTES['ua-parser-js'])).toBeNull()
  })
})

// What makes each substitute safe, read from the RainbowKit the build bundles: an upgrade that uses more of one
// import fails here rather than in a player's recent transactions, avatar or download links.
describe('RainbowKit’s uses of what the substitutes replace', () => {
  it('hands the client from usePublicClient only to waitForTransactionReceipt', () => {
    expect(count(/\busePublicClient\(/g)).toBe(1)
    expect(kitSource).toContain('const provider = usePublicClient();')
    // `provider` seeds the store and is handed to it on change; the store keeps it as `transactionProvider`.
    expect(kitSource).toContain('storeSingleton = createTransactionStore({ provider });')
    expect(kitSource).toContain('store.setProvider(provider);')
    expect(count(/(?<![\w.$])transactionProvider\b/g)).toBe(3)
    expect(kitSource).toContain('let transactionProvider;')
    expect(kitSource).toContain('transactionProvider = getTransactionProvider(newProvider);')
    expect(kitSource).toContain('waitForTransactionReceipt( transactionProvider,')
    expect(kitSource).toContain('import { waitForTransactionReceipt } from "viem/actions";')
  })

  it('normalizes an ENS name once, inside a try that takes a throw as no name', () => {
    expect(count(/\bnormalize\(/g)).toBe(1)
    expect(kitSource).toContain('const safeNormalize = (ensName) => { try { return normalize(ensName); } catch { } };')
    expect(kitSource).toContain('import { normalize } from "viem/ens";')
  })

  it('parses the user agent once, and reads only the name of its OS', () => {
    expect(count(/\bUAParser\b/g)).toBe(2)
    expect(kitSource).toContain('import { UAParser } from "ua-parser-js";')
    expect(kitSource).toContain('var ua = UAParser(); var { os } = ua;')
    // Its two mentions of the identifier `ua` (a string "ua" names a translation key elsewhere).
    expect(count(/(?<![\w.$"])ua\b(?![-"])/g)).toBe(2)
    expect(count(/(?<![\w.$])os\b/g)).toBe(count(/(?<![\w.$])os\.name\b/g) + 1)
  })
})
