import { describe, expect, it } from 'vitest'
import { parseEnv } from './env'

describe('parseEnv', () => {
  it('fills every default when nothing is set', () => {
    const env = parseEnv({})
    expect(env.VITE_WALLETCONNECT_PROJECT_ID).toBe('YOUR_PROJECT_ID')
    expect(env.VITE_LOCAL_CHAIN).toBe(false)
    expect(env.VITE_ANALYTICS).toBe('off')
    expect(env.VITE_ALCHEMY_API_KEY).toBeUndefined()
  })

  it('reads flags and keys', () => {
    const env = parseEnv({ VITE_LOCAL_CHAIN: 'true', VITE_ALCHEMY_API_KEY: ' key ', VITE_INFURA_API_KEY: '' })
    expect(env.VITE_LOCAL_CHAIN).toBe(true)
    expect(env.VITE_ALCHEMY_API_KEY).toBe('key')
    expect(env.VITE_INFURA_API_KEY).toBeUndefined()
  })

  it('fails naming each wrong variable', () => {
    expect(() => parseEnv({ VITE_LOCAL_RPC_URL: 'not a url', VITE_ANALYTICS: 'google' })).toThrow(
      /VITE_LOCAL_RPC_URL.*VITE_ANALYTICS|VITE_ANALYTICS.*VITE_LOCAL_RPC_URL/,
    )
    expect(() => parseEnv({ VITE_WALLETCONNECT_PROJECT_ID: '  ' })).toThrow(/VITE_WALLETCONNECT_PROJECT_ID/)
  })
})
