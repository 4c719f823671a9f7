import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { deploylessCallViaBytecodeBytecode, deploylessCallViaFactoryBytecode } from 'viem'
import type { Plugin } from 'vite'
import { describe, expect, it } from 'vitest'
import { deploylessCallBytecodes, leanViem, NO_MULTICALL3_BYTECODE, VIEM_CONTRACTS } from './lean-viem.ts'

const actions = join(dirname(VIEM_CONTRACTS), '..', 'actions', 'public')
const call = join(actions, 'call.js')
const multicall = join(actions, 'multicall.js')
/** A module of viem's build, its whitespace folded so that a snippet matches however it is laid out. */
const source = (file: string) => readFileSync(file, 'utf8').replace(/\s+/g, ' ')
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0

type Hook = (this: unknown, ...args: string[]) => unknown
const hook = (name: 'resolveId' | 'load', ...args: string[]) =>
  (leanViem()[name] as Plugin[typeof name] & Hook).call({}, ...args)

describe('leanViem', () => {
  it('answers the multicall actions’ import of viem’s constants, in the build only', () => {
    expect(leanViem()).toMatchObject({ apply: 'build', enforce: 'pre' })
    const id = hook('resolveId', '../../constants/contracts.js', call)
    expect(id).toBeTypeOf('string')
    expect(hook('resolveId', '../../constants/contracts.js', multicall)).toBe(id)
    expect(hook('resolveId', '../../constants/contracts.js', join(actions, 'verifyHash.js'))).toBeNull()
    expect(hook('resolveId', './contracts.js', call)).toBeNull()
  })

  it('gives them the deployless call bytecodes as viem has them, and a sentence for Multicall3’s', async () => {
    expect(deploylessCallBytecodes()).toEqual({ deploylessCallViaBytecodeBytecode, deploylessCallViaFactoryBytecode })
    const id = hook('resolveId', '../../constants/contracts.js', call) as string
    const code = hook('load', id) as string
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
    expect({ ...(await import(/* @vite-ignore */ url)) }).toEqual({
      deploylessCallViaBytecodeBytecode,
      deploylessCallViaFactoryBytecode,
      multicall3Bytecode: NO_MULTICALL3_BYTECODE,
    })
    expect(hook('load', VIEM_CONTRACTS)).toBeNull()
  })
})

// What makes the substitute safe, read from the viem the build bundles: an upgrade that sends Multicall3's bytecode in
// another case fails here rather than in a player's reads.
describe('viem’s uses of Multicall3’s bytecode', () => {
  it('sends it only where the multicall address is null, which only deployless makes it', () => {
    const callSource = source(call)
    expect(count(callSource, /\bmulticall3Bytecode\b/g)).toBe(2)
    expect(callSource).toContain(
      '...(multicallAddress === null ? { data: toDeploylessCallViaBytecodeData({ code: multicall3Bytecode, data: calldata, }), }',
    )
    expect(callSource).toContain(
      'function getMulticallAddress(client, parameters) { const { blockNumber, deployless } = parameters; if (deployless) return null; if (client.chain) return getChainContractAddress({',
    )
    const multicallSource = source(multicall)
    expect(count(multicallSource, /\bmulticall3Bytecode\b/g)).toBe(3)
    expect(count(multicallSource, /\.\.\.\(multicallAddress === null \? \{ code: multicall3Bytecode \}/g)).toBe(2)
    expect(multicallSource).toContain(
      'if (parameters.multicallAddress) return parameters.multicallAddress; if (deployless) return null; if (client.chain) {',
    )
  })
})
