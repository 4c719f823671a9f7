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

  it('treats blank values, as .env.example leaves them, as unset', () => {
    const env = parseEnv({ VITE_WALLETCONNECT_PROJECT_ID: '', VITE_TWITTER_URL: ' ', VITE_LOCAL_CHAIN: '' })
    expect(env.VITE_WALLETCONNECT_PROJECT_ID).toBe('YOUR_PROJECT_ID')
    expect(env.VITE_TWITTER_URL).toBe('https://twitter.com/chainellation')
    expect(env.VITE_LOCAL_CHAIN).toBe(false)
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
    expect(() => parseEnv({ VITE_LOCAL_CHAIN: 'yes' })).toThrow(/VITE_LOCAL_CHAIN/)
  })
})
