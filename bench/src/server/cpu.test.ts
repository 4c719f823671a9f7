import { describe, expect, it } from 'vitest'
import { cpuMsPerRequest, cpuRatio, cpuSecondsOf } from './cpu'

describe('CPU a request', () => {
  it('divides the CPU spent in the window by the requests answered in it, in milliseconds', () => {
    // 12.5 s of CPU over 25,000 requests: half a millisecond each.
    expect(cpuMsPerRequest(100, 112.5, 25_000)).toBe(0.5)
    expect(cpuMsPerRequest(3.21, 3.22, 3)).toBe(3.333)
  })

  it('has no figure when nothing was answered', () => {
    expect(cpuMsPerRequest(1, 2, 0)).toBeNull()
  })

  it('gives the ratio to the floor, and none without a floor', () => {
    expect(cpuRatio(0.62, 0.21)).toBe(2.95)
    expect(cpuRatio(0.3, 0.2)).toBe(1.5)
    expect(cpuRatio(0.62, null)).toBeNull()
    expect(cpuRatio(null, 0.2)).toBeNull()
    expect(cpuRatio(0.62, 0)).toBeNull()
  })

  it('reads this process’s CPU from /proc and counts a missing process as none', () => {
    const own = cpuSecondsOf([process.pid])
    expect(own).toBeGreaterThan(0)
    expect(cpuSecondsOf([process.pid, undefined, 2 ** 30])).toBeGreaterThanOrEqual(own)
  })
})
