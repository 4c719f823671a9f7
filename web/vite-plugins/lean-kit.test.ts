import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'
import { describe, expect, it } from 'vitest'
import { KIT_SUBSTITUTES, KIT_TSLIB, leanKit } from './lean-kit.ts'

const kitMain = createRequire(import.meta.url).resolve('@rainbow-me/rainbowkit')
/** RainbowKit's main module, its whitespace folded so that a snippet matches however it is laid out. */
const kitSource = readFileSync(kitMain, 'utf8').replace(/\s+/g, ' ')
const count = (pattern: RegExp) => kitSource.match(pattern)?.length ?? 0

/** RainbowKit's wallets' modules (the chunks its wallets share), their whitespace folded. */
const walletsDir = join(dirname(kitMain), 'wallets', 'walletConnectors')
const walletsSource = readdirSync(walletsDir)
  .filter((file) => file.endsWith('.js'))
  .map((file) => readFileSync(join(walletsDir, file), 'utf8').replace(/\s+/g, ' '))
  .join('\n')

const resolve = (source: string, importer: string | undefined) => {
  const hook = leanKit().resolveId as Extract<Plugin['resolveId'], (...args: never[]) => unknown>
  return (hook as (this: unknown, source: string, importer: string | undefined) => unknown).call({}, source, importer)
}
const load = (id: string) => (leanKit().load as (this: unknown, id: string) => unknown).call({}, id)

describe('leanKit', () => {
  it('answers RainbowKit’s wagmi, viem/ens and ua-parser-js imports with the substitutes, in the build only', () => {
    expect(leanKit()).toMatchObject({ apply: 'build', enforce: 'pre' })
    expect(resolve('wagmi', kitMain)).toBe(KIT_SUBSTITUTES.wagmi)
    expect(resolve('viem/ens', kitMain)).toBe(KIT_SUBSTITUTES['viem/ens'])
    expect(resolve('ua-parser-js', kitMain)).toBe(KIT_SUBSTITUTES['ua-parser-js'])
    expect(resolve('cuer', kitMain)).toBe(KIT_SUBSTITUTES.cuer)
    expect(resolve('wagmi', kitMain.replace('index.js', 'wallets/walletConnectors/index.js'))).toBe(
      KIT_SUBSTITUTES.wagmi,
    )
    expect(resolve('wagmi/connectors', join(walletsDir, 'chunk-ZRMFOB3B.js'))).toBe(KIT_SUBSTITUTES['wagmi/connectors'])
  })

  it('has its modal’s two pictures wait for the player to reach for a wallet', () => {
    const id = resolve('./assets-Q6ZU7ZJ5.js', kitMain) as string
    expect(id).toMatch(/^\0/)
    expect(resolve('./login-UP3DZBGS.js', kitMain)).toMatch(/^\0/)
    expect(resolve('./sign-A7IJEUT5.js', kitMain)).toBeNull()
    const module = load(id) as string
    expect(module).toContain(`import(${JSON.stringify(join(dirname(kitMain), 'assets-Q6ZU7ZJ5.js'))})`)
    expect(module).toMatch(/^import \{ kitPicture \} from ".*kit-bridge\.ts"$/m)
    expect(module).toContain('export default kitPicture(() => import(')
    expect(load(kitMain)).toBeNull()
  })

  it('gives its modal’s modules tslib as an ES module of their own', () => {
    const removeScroll = join(
      dirname(createRequire(kitMain).resolve('react-remove-scroll/package.json')),
      'dist/es2015/UI.js',
    )
    expect(readFileSync(removeScroll, 'utf8')).toContain('import { __assign, __rest } from "tslib";')
    expect(resolve('tslib', removeScroll)).toBe(KIT_TSLIB)
    expect(KIT_TSLIB).toMatch(/tslib\.es6\.js$/)
    expect(resolve('tslib', '/repo/node_modules/@coinbase/wallet-sdk/dist/index.js')).toBeNull()
  })

  it('leaves every other import alone, and the app’s own wagmi', () => {
    expect(resolve('wagmi/chains', kitMain)).toBeNull()
    expect(resolve('viem', kitMain)).toBeNull()
    expect(resolve('wagmi', '/repo/web/src/lib/shell/wallet-stack/wallet-kit.tsx')).toBeNull()
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

  it('looks a mainnet ENS name and avatar up only while mainnet is among the chains', () => {
    expect(count(/\buseEnsName\(/g)).toBe(1)
    expect(count(/\buseEnsAvatar\(/g)).toBe(1)
    expect(kitSource).toContain(
      'const { data: ensName } = useEnsName({ chainId: mainnet3.id, address, query: { enabled: mainnetConfigured } });',
    )
    expect(kitSource).toMatch(
      /const \{ data: ensAvatar \} = useEnsAvatar\(\{ chainId: mainnet2\.id, name: [^}]*, query: \{ enabled: mainnetConfigured \} \}\);/,
    )
    expect(kitSource).toContain(
      'const rainbowKitChains = useRainbowKitChains(); const chainId = mainnet.id; const configured = rainbowKitChains.some(',
    )
  })

  it('draws QR codes with cuer’s four parts, an arena told by its name', () => {
    expect(kitSource).toContain('import { Cuer } from "cuer";')
    expect(kitSource.match(/\bCuer\.\w+/g)?.sort()).toEqual(['Cuer.Arena', 'Cuer.Cells', 'Cuer.Finder', 'Cuer.Root'])
    const cuer = readFileSync(join(dirname(createRequire(kitMain).resolve('cuer')), 'Cuer.js'), 'utf8')
    expect(cuer).toContain("child.type.displayName === 'Arena'")
  })

  it('creates the mock connector only where there is no window', () => {
    expect(count(/\bmock\(/g)).toBe(1)
    expect(walletsSource.match(/\bmock\(/g)?.length).toBe(1)
    for (const text of [kitSource, walletsSource])
      expect(text).toContain(
        'if (isServer) { const mockAddress = "0x0000000000000000000000000000000000000000"; return mock({ accounts: [mockAddress] }); }',
      )
    expect(kitSource).toContain('var isServer = typeof window === "undefined";')
  })

  it('fetches its modal’s two pictures only to have them at hand', () => {
    expect(kitSource).toContain('var src = async () => (await import("./assets-Q6ZU7ZJ5.js")).default;')
    expect(kitSource).toContain('var src2 = async () => (await import("./login-UP3DZBGS.js")).default;')
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
