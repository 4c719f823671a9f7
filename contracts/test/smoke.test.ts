import { describe, expect, it } from 'vitest'
import { clock, decodeTokenURI, expectRevert, useFixture } from './fixture.ts'

const f = useFixture()
describe('smoke', () => {
  it('mints and gazes', async () => {
    const id = await f.mint(f.alice, 3600)
    expect(id).toBe(1n)
    await f.toLocalTime(3600, clock(22))
    await f.tx(f.alice.sky.write.starGaze([id]))
    await expectRevert(f.alice.sky.simulate.starGaze([id]), 'ChainellationGazeTooSoon')
    await expectRevert(f.bob.sky.simulate.starGaze([id]), 'ChainellationNotSkyOwner', [id, f.bob.address])
    const { json, svg } = decodeTokenURI(await f.alice.sky.read.tokenURI([id]))
    console.log(json.attributes, svg.length)
  })
  it('isolated', async () => {
    expect(await f.alice.sky.read.totalSupply()).toBe(0n)
  })
})
