import { readFileSync } from 'node:fs'
import { getContract, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { decorationSpecs } from '../scripts/decorations.ts'
import { freeDecorationAbi } from '../src/index.ts'
import { useFixture } from './fixture.ts'

const f = useFixture()

const freeSpecs = decorationSpecs.filter((s) => s.free)
const art = (file: string) => readFileSync(new URL(`../decoration-art/${file}`, import.meta.url), 'utf8')

const freeDecoration = (address: `0x${string}`) =>
  getContract({ address, abi: freeDecorationAbi, client: f.alice.client })

describe('FreeDecoration', () => {
  it.each(freeSpecs.map((s) => [s.key, s] as const))('%s serves its name and art', async (key, spec) => {
    const decoration = freeDecoration(f.addresses[key as 'Telescope'])
    expect(await decoration.read.decorationName()).toBe(spec.name)
    expect(await decoration.read.decorationSVG([0n])).toBe(art(spec.art))
  })

  it('serves the same art whatever the token id', async () => {
    const decoration = freeDecoration(f.addresses.CrescentMoon)
    const svg = art('crescent-moon.svg')
    for (const tokenId of [1n, 42n, maxUint256]) expect(await decoration.read.decorationSVG([tokenId])).toBe(svg)
  })

  it.each([
    ['a short name and art', 'Fog', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['non-ASCII text', 'Étoile ✦ 星', '<svg xmlns="http://www.w3.org/2000/svg"><text>Étoile ✦ 星 "&amp;"</text></svg>'],
    ['empty art', 'Nothing', ''],
    ['art of 24 000 bytes', 'Dense', `<svg>${'<rect width="1" height="1"/>'.repeat(827)}</svg>`.padEnd(24_000, ' ')],
  ])('keeps %s exactly', async (_, name, svg) => {
    const decoration = freeDecoration(await f.deploy('FreeDecoration', [name, svg]))
    expect(await decoration.read.decorationName()).toBe(name)
    expect(await decoration.read.decorationSVG([7n])).toBe(svg)
  })
})
