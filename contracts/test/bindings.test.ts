import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { catalogueTexts } from '../scripts/catalogue.ts'
import { abisModule, abisPath, compile } from '../scripts/compile.ts'
import {
  chainellationAbi,
  contractAddress,
  decorationsAbi,
  deployments,
  gameContract,
  getDeployment,
} from '../src/index.ts'
import { useFixture } from './fixture.ts'

const f = useFixture()

const root = fileURLToPath(new URL('..', import.meta.url))
const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')
const git = (args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' })

/**
 * The text of `path` (relative to the package) as committed, when the Solidity sources are unchanged
 * since that commit; undefined outside a git checkout or while the sources have uncommitted changes.
 */
function committedWithSources(path: string): string | undefined {
  if (git(['diff', '--quiet', 'HEAD', '--', 'solidity']).status !== 0) return undefined
  const shown = git(['show', `HEAD:./${path}`])
  return shown.status === 0 ? shown.stdout : undefined
}

describe('generated bindings', () => {
  it('src/generated/abis.ts holds the ABIs of the compiled sources', async () => {
    // Read before compiling: the compile step rewrites a stale file.
    const onDisk = readFileSync(abisPath, 'utf8')
    const expected = abisModule(await compile())
    expect(onDisk).toBe(expected)
    // `npm test` compiles (and so regenerates) first: the commit is where a stale file would show.
    const committed = committedWithSources('src/generated/abis.ts')
    if (committed !== undefined) expect(committed).toBe(expected)
  })

  it('the constellation library and table are generated from the catalogue', () => {
    const { solidity, typescript } = catalogueTexts()
    expect(read('solidity/Constellations.sol')).toBe(solidity)
    expect(read('src/generated/constellations.ts')).toBe(typescript)
  })

  it('src/generated/deployments.ts records the addresses a fresh local deployment gets', () => {
    const local = deployments[31337]
    expect(local.chainId).toBe(31337)
    expect(local.startBlock).toBe(f.deployment.startBlock)
    expect(local.contracts).toEqual(
      Object.fromEntries(Object.entries(f.deployment.contracts).map(([name, a]) => [name, getAddress(a)])),
    )
    expect(getDeployment(31337)).toBe(local)
    expect(getDeployment(1)).toBeUndefined()
    const recorded = JSON.parse(read('deployments/31337.json')) as typeof f.deployment
    expect(recorded).toEqual(f.deployment)
  })
})

describe('contracts by name', () => {
  it('gameContract gives a deployed contract’s address, ABI and chain, and nothing where the game is not', () => {
    const local = deployments[31337].contracts
    expect(gameContract('Chainellation', 31337)).toEqual({
      address: local.Chainellation,
      abi: chainellationAbi,
      chainId: 31337,
    })
    expect(gameContract('Decorations', 31337)).toEqual({
      address: local.Decorations,
      abi: decorationsAbi,
      chainId: 31337,
    })
    expect(gameContract('Chainellation', 11_155_111)).toBeUndefined()
    expect(contractAddress('RollingHills', 31337)).toBe(local.RollingHills)
    expect(contractAddress('RollingHills', 1)).toBeUndefined()
  })
})
