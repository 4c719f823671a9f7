import { describe, expect, it } from 'vitest'
import { configFromEnv, DEFAULT_DRAFT_WRITE_LIMITS, DEFAULT_SIGN_IN_LIMITS, DEFAULT_SKY_READ_LIMIT } from './config'
import { parseEnv } from './env'

const chainsOf = (env: Record<string, string>) =>
  configFromEnv(parseEnv(env)).auth.chains.map(({ chain, rpcUrl }) => [chain.id, rpcUrl])

describe('configFromEnv', () => {
  it('opens sign-in on Sepolia only, through the public endpoint by default in development', () => {
    expect(chainsOf({})).toEqual([[11155111, 'https://ethereum-sepolia-rpc.publicnode.com']])
  })

  it('adds the local chain when LOCAL_RPC_URL is set', () => {
    expect(
      chainsOf({ SEPOLIA_RPC_URL: 'https://sepolia.example/v2/key', LOCAL_RPC_URL: 'http://127.0.0.1:8545' }),
    ).toEqual([
      [11155111, 'https://sepolia.example/v2/key'],
      [31337, 'http://127.0.0.1:8545'],
    ])
  })

  it('takes the sign-in origins from APP_ORIGINS', () => {
    expect(configFromEnv(parseEnv({ APP_ORIGINS: 'http://127.0.0.1:4000' })).auth.origins).toEqual([
      'http://127.0.0.1:4000',
    ])
  })

  it('lets Safe{Wallet} frame the app by default, or the origins in SAFE_ORIGINS', () => {
    expect(configFromEnv(parseEnv({})).safeOrigins).toEqual(['https://app.safe.global'])
    expect(configFromEnv(parseEnv({ SAFE_ORIGINS: 'https://safe.example,http://localhost:3000' })).safeOrigins).toEqual(
      ['https://safe.example', 'http://localhost:3000'],
    )
  })

  it('limits sign-in per client as the environment says, trusting the proxies it names', () => {
    expect(configFromEnv(parseEnv({})).auth.rateLimits).toEqual(DEFAULT_SIGN_IN_LIMITS)
    expect(configFromEnv(parseEnv({})).trustedProxies).toBe(0)
    const config = configFromEnv(
      parseEnv({
        NONCE_RATE_LIMIT: '7',
        VERIFY_RATE_LIMIT: '3',
        SESSION_RATE_LIMIT: '11',
        RATE_LIMIT_WINDOW_SECONDS: '30',
        TRUST_PROXY: '1',
      }),
    )
    expect(config.auth.rateLimits).toEqual({
      nonce: { limit: 7, windowMs: 30_000 },
      verify: { limit: 3, windowMs: 30_000 },
      session: { limit: 11, windowMs: 30_000 },
    })
    expect(config.trustedProxies).toBe(1)
  })

  it('limits draft writes per client and per account as the environment says, in the same window', () => {
    expect(configFromEnv(parseEnv({})).draftWrites).toEqual(DEFAULT_DRAFT_WRITE_LIMITS)
    expect(DEFAULT_DRAFT_WRITE_LIMITS).toEqual({
      client: { limit: 60, windowMs: 60_000 },
      account: { limit: 20, windowMs: 60_000 },
    })
    const env = { DRAFT_WRITE_RATE_LIMIT: '9', ACCOUNT_DRAFT_WRITE_RATE_LIMIT: '4', RATE_LIMIT_WINDOW_SECONDS: '120' }
    expect(configFromEnv(parseEnv(env)).draftWrites).toEqual({
      client: { limit: 9, windowMs: 120_000 },
      account: { limit: 4, windowMs: 120_000 },
    })
    expect(() => parseEnv({ ACCOUNT_DRAFT_WRITE_RATE_LIMIT: '0' })).toThrow(/ACCOUNT_DRAFT_WRITE_RATE_LIMIT/)
  })

  it('limits sky reads per client as the environment says, in the sign-in limits’ window', () => {
    expect(configFromEnv(parseEnv({})).skyReads).toEqual(DEFAULT_SKY_READ_LIMIT)
    expect(DEFAULT_SKY_READ_LIMIT).toEqual({ limit: 120, windowMs: 60_000 })
    expect(configFromEnv(parseEnv({ SKY_READ_RATE_LIMIT: '500', RATE_LIMIT_WINDOW_SECONDS: '30' })).skyReads).toEqual({
      limit: 500,
      windowMs: 30_000,
    })
  })

  it('serves the built web app only in production', () => {
    expect(configFromEnv(parseEnv({})).webDist).toBeUndefined()
    const production = { NODE_ENV: 'production', WEB_DIST: '/srv/web', SEPOLIA_RPC_URL: 'https://sepolia.example' }
    expect(configFromEnv(parseEnv(production)).webDist).toBe('/srv/web')
  })
})
