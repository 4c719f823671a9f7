import { describe, expect, it } from 'vitest'
import { parseEnv } from './env-schema'

describe('parseEnv', () => {
  it('fills every default when nothing is set', () => {
    const env = parseEnv({})
    expect(env.VITE_WALLETCONNECT_PROJECT_ID).toBe('YOUR_PROJECT_ID')
    expect(env.VITE_LOCAL_CHAIN).toBe(false)
    expect(env.VITE_ANALYTICS).toBe('off')
    expect(env.VITE_ALCHEMY_API_KEY).toBeUndefined()
    expect(env.VITE_SAFE_ORIGINS).toEqual(['https://app.safe.global'])
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

  it('reads the WalletConnect relay a build meets phone wallets on, refusing what is not a WebSocket URL', () => {
    expect(parseEnv({}).VITE_WALLETCONNECT_RELAY_URL).toBeUndefined()
    expect(parseEnv({ VITE_WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:4410' }).VITE_WALLETCONNECT_RELAY_URL).toBe(
      'ws://127.0.0.1:4410',
    )
    expect(() => parseEnv({ VITE_WALLETCONNECT_RELAY_URL: 'https://relay.example' })).toThrow(
      /VITE_WALLETCONNECT_RELAY_URL/,
    )
  })

  it('reads an operator’s own Sepolia node, refusing what is not an http(s) URL', () => {
    expect(parseEnv({ VITE_SEPOLIA_RPC_URL: 'https://node.example/v2/key' }).VITE_SEPOLIA_RPC_URL).toBe(
      'https://node.example/v2/key',
    )
    expect(parseEnv({ VITE_SEPOLIA_RPC_URL: ' ' }).VITE_SEPOLIA_RPC_URL).toBeUndefined()
    expect(() => parseEnv({ VITE_SEPOLIA_RPC_URL: 'ws://node.example' })).toThrow(/VITE_SEPOLIA_RPC_URL/)
  })

  it('reads VITE_SAFE_ORIGINS as a comma-separated list of origins', () => {
    expect(parseEnv({ VITE_SAFE_ORIGINS: ' ' }).VITE_SAFE_ORIGINS).toEqual(['https://app.safe.global'])
    expect(
      parseEnv({ VITE_SAFE_ORIGINS: 'https://app.safe.global/, http://localhost:3000,https://app.safe.global' })
        .VITE_SAFE_ORIGINS,
    ).toEqual(['https://app.safe.global', 'http://localhost:3000'])
  })

  it.each([
    ['app.safe.global', 'app.safe.global'],
    ['https://app.safe.global/apps', 'https://app.safe.global/apps'],
    ['ftp://safe.example', 'ftp://safe.example'],
    ['https://app.safe.global,', ''],
  ])('refuses %j as VITE_SAFE_ORIGINS, naming the bad entry', (value, entry) => {
    expect(() => parseEnv({ VITE_SAFE_ORIGINS: value })).toThrow(
      `Invalid web app configuration — VITE_SAFE_ORIGINS: "${entry}" is not an origin such as https://app.safe.global`,
    )
  })

  it('reads VITE_LOCAL_FALLBACK_RPC_URL as an optional second node of the local chain', () => {
    expect(parseEnv({}).VITE_LOCAL_FALLBACK_RPC_URL).toBeUndefined()
    expect(parseEnv({ VITE_LOCAL_FALLBACK_RPC_URL: ' ' }).VITE_LOCAL_FALLBACK_RPC_URL).toBeUndefined()
    expect(parseEnv({ VITE_LOCAL_FALLBACK_RPC_URL: 'http://127.0.0.1:8546' }).VITE_LOCAL_FALLBACK_RPC_URL).toBe(
      'http://127.0.0.1:8546',
    )
    expect(() => parseEnv({ VITE_LOCAL_FALLBACK_RPC_URL: '127.0.0.1:8546' })).toThrow(
      /^Invalid web app configuration — VITE_LOCAL_FALLBACK_RPC_URL: /,
    )
  })

  it('fails naming each wrong variable', () => {
    expect(() => parseEnv({ VITE_LOCAL_RPC_URL: 'not a url', VITE_ANALYTICS: 'google' })).toThrow(
      /VITE_LOCAL_RPC_URL.*VITE_ANALYTICS|VITE_ANALYTICS.*VITE_LOCAL_RPC_URL/,
    )
    expect(() => parseEnv({ VITE_LOCAL_CHAIN: 'yes' })).toThrow(/VITE_LOCAL_CHAIN/)
  })
})
