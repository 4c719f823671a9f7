import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

/** viem's two actions that make a multicall: `multicall` (reads in one request) and `call` (batched reads). */
const MULTICALL_ACTION = /[\\/]node_modules[\\/]viem[\\/]_esm[\\/]actions[\\/]public[\\/](?:call|multicall)\.js$/

/** viem's published constants module, where Multicall3's bytecode is, beside the bytecodes of deployless calls. */
export const VIEM_CONTRACTS = join(
  dirname(createRequire(import.meta.url).resolve('viem')),
  '..',
  '_esm',
  'constants',
  'contracts.js',
)

const ID = '\0chainellation:viem-contracts'

/**
 * What the build gives viem's multicall actions in place of Multicall3's bytecode: a sentence that no hex encoder
 * takes, so that a deployless multicall, were one ever asked for, fails saying why.
 */
export const NO_MULTICALL3_BYTECODE =
  'Multicall3 bytecode is left out of this build: every chain the app reads has Multicall3 deployed (deployless multicall is off)'

/** The bytecodes viem's `call` wraps a deployless call in, as viem's build has them. */
export function deploylessCallBytecodes(): Record<string, `0x${string}`> {
  const source = readFileSync(VIEM_CONTRACTS, 'utf8')
  const of = (name: string) => {
    const value = source.match(new RegExp(`export const ${name} = '(0x[0-9a-f]+)'`))?.[1]
    if (!value) throw new Error(`${VIEM_CONTRACTS} no longer exports ${name} as a hex string`)
    return value as `0x${string}`
  }
  return {
    deploylessCallViaBytecodeBytecode: of('deploylessCallViaBytecodeBytecode'),
    deploylessCallViaFactoryBytecode: of('deploylessCallViaFactoryBytecode'),
  }
}

/**
 * Leaves Multicall3's bytecode out of every page's wallet stack. viem's multicall actions send it only for a
 * "deployless" multicall (`multicallAddress === null`), which they make only when asked to (`deployless: true`) for a
 * chain without Multicall3; every chain of the app's names Multicall3's address and its wagmi configuration
 * batches with `multicall: true` (`chains.test.ts` holds both). The actions import it from viem's constants module,
 * beside the bytecodes `call` wraps a deployless call in: they get those two as the module has them, written into the
 * build, and not the module itself. The module holds two more bytecodes (14.6 kB of hex, 3.7 kB gzip) that the Coinbase
 * wallet's SDK, fetched only for that wallet, imports: shared, the module was bundled whole with the stack.
 * `lean-viem.test.ts` reads viem's build to hold that the multicall bytecode is used nowhere else. The dev server
 * keeps viem as it is.
 */
export function leanViem(): Plugin {
  return {
    name: 'chainellation:lean-viem',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../../constants/contracts.js' && importer && MULTICALL_ACTION.test(importer)) return ID
      return null
    },
    load(id) {
      if (id !== ID) return null
      return [
        ...Object.entries(deploylessCallBytecodes()).map(([name, value]) => `export const ${name} = '${value}'`),
        `export const multicall3Bytecode = ${JSON.stringify(NO_MULTICALL3_BYTECODE)}`,
      ].join('\n')
    },
  }
}
