import { sepolia } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { configFromEnv, SEPOLIA_WEB_RPC_ORIGINS } from './config'
import { parseEnv } from './env'
import { contentSecurityPolicy, WALLET_CONNECT_SOURCES, WALLET_FRAME_SOURCES } from './http'

/** A policy's directives by name, each with its sources. */
const directives = (policy: string) =>
  new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ')
      return [name, sources]
    }),
  )

describe('contentSecurityPolicy', () => {
  const policy = directives(contentSecurityPolicy({ frameAncestors: ['https://app.safe.global'] }))

  it('runs only the app’s own script files: no inline script, no eval, no other host', () => {
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('default-src')).toEqual(["'self'"])
  })

  it('allows data: images, in which the chain returns every sky, and nothing remote', () => {
    expect(policy.get('img-src')).toEqual(["'self'", 'data:'])
  })

  it('allows inline styles (RainbowKit’s theme is a <style> element) but style files only from the app', () => {
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(policy.get('font-src')).toEqual(["'self'"])
  })

  it('shuts out plugins, a changed base URL and forms posting elsewhere', () => {
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
  })

  it('lets the app itself and the given origins frame it', () => {
    expect(policy.get('frame-ancestors')).toEqual(["'self'", 'https://app.safe.global'])
  })

  it('lets the page call its own API, the RPC origins and the wallet SDKs’ hosts, once each', () => {
    const connect = directives(
      contentSecurityPolicy({ frameAncestors: [], rpcOrigins: ['http://127.0.0.1:8545', 'http://127.0.0.1:8545'] }),
    ).get('connect-src')
    expect(connect).toEqual(["'self'", 'http://127.0.0.1:8545', ...WALLET_CONNECT_SOURCES])
    expect(WALLET_CONNECT_SOURCES).toEqual(
      expect.arrayContaining(['wss://relay.walletconnect.org', 'https://rpc.wallet.coinbase.com']),
    )
  })

  it('frames only WalletConnect Verify besides the app', () => {
    expect(policy.get('frame-src')).toEqual(["'self'", ...WALLET_FRAME_SOURCES])
  })

  it('writes a directive once, with no newline or stray separator that would end the header', () => {
    const text = contentSecurityPolicy({
      frameAncestors: ['https://safe.example'],
      rpcOrigins: ['https://rpc.example'],
    })
    expect(text).not.toMatch(/[\r\n]|;;|; $/)
    const names = text.split('; ').map((directive) => directive.split(' ')[0])
    expect(new Set(names).size).toBe(names.length)
  })
})

describe('the RPC origins from the environment', () => {
  it('are the Sepolia endpoints the web app may use, its public one from the same viem', () => {
    expect(configFromEnv(parseEnv({})).rpcOrigins).toEqual(SEPOLIA_WEB_RPC_ORIGINS)
    expect(SEPOLIA_WEB_RPC_ORIGINS).toEqual([
      'https://eth-sepolia.g.alchemy.com',
      'https://sepolia.infura.io',
      new URL(sepolia.rpcUrls.default.http[0]).origin,
    ])
  })

  it('add the local chain’s node when LOCAL_RPC_URL is set', () => {
    expect(configFromEnv(parseEnv({ LOCAL_RPC_URL: 'http://127.0.0.1:8545/' })).rpcOrigins).toEqual([
      ...SEPOLIA_WEB_RPC_ORIGINS,
      'http://127.0.0.1:8545',
    ])
  })
})
