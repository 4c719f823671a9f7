import { describe, expect, it } from 'vitest'
import { SAFE_INFO_TIMEOUT_MS, SAFE_PARENT_INFO_TIMEOUT_MS, safeInfoTimeout } from './safe-app-wallet'

const allowed = ['https://app.safe.global', 'http://127.0.0.1:4000']

describe('safeInfoTimeout', () => {
  it('waits patiently for a parent that is an allowed Safe{Wallet}', () => {
    expect(safeInfoTimeout(allowed, 'https://app.safe.global')).toBe(SAFE_PARENT_INFO_TIMEOUT_MS)
    expect(safeInfoTimeout(allowed, 'http://127.0.0.1:4000')).toBe(SAFE_PARENT_INFO_TIMEOUT_MS)
  })

  it('waits briefly for any other parent, or when the parent is unknown', () => {
    expect(safeInfoTimeout(allowed, 'https://app.safe.global.example')).toBe(SAFE_INFO_TIMEOUT_MS)
    expect(safeInfoTimeout(allowed, 'http://127.0.0.1:4001')).toBe(SAFE_INFO_TIMEOUT_MS)
    expect(safeInfoTimeout(allowed, undefined)).toBe(SAFE_INFO_TIMEOUT_MS)
  })
})
