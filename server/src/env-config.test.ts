// The API's configuration made from its environment: chains, origins, limits, the relayer and the VAPID keys.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_DRAFT_WRITE_LIMITS,
  DEFAULT_NAME_READ_LIMIT,
  DEFAULT_RELAY_LIMIT,
  DEFAULT_SIGN_IN_LIMITS,
  DEFAULT_SKY_READ_LIMIT,
} from './config'
import { configFromEnv, parseEnv, secretsOfEnv } from './env'

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

  it('looks names up on ENS_RPC_URL, at ENS_UNIVERSAL_RESOLVER when given, and limits lookups per client', () => {
    expect(configFromEnv(parseEnv({})).names).toBeUndefined()
    expect(configFromEnv(parseEnv({ ENS_RPC_URL: 'https://mainnet.example/v2/key' })).names).toEqual({
      rpcUrl: 'https://mainnet.example/v2/key',
    })
    const local = parseEnv({
      ENS_RPC_URL: 'http://127.0.0.1:8545',
      ENS_UNIVERSAL_RESOLVER: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    })
    expect(configFromEnv(local).names).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      universalResolver: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    })
    expect(configFromEnv(parseEnv({})).nameReads).toEqual(DEFAULT_NAME_READ_LIMIT)
    expect(configFromEnv(parseEnv({ NAME_READ_RATE_LIMIT: '50', RATE_LIMIT_WINDOW_SECONDS: '30' })).nameReads).toEqual({
      limit: 50,
      windowMs: 30_000,
    })
    expect(configFromEnv(parseEnv({})).relayRequests).toEqual(DEFAULT_RELAY_LIMIT)
    expect(configFromEnv(parseEnv({ RELAY_RATE_LIMIT: '5' })).relayRequests).toEqual({ limit: 5, windowMs: 60_000 })
  })

  it('serves the built web app only in production', () => {
    expect(configFromEnv(parseEnv({})).webDist).toBeUndefined()
    const production = { NODE_ENV: 'production', WEB_DIST: '/srv/web', SEPOLIA_RPC_URL: 'https://sepolia.example' }
    expect(configFromEnv(parseEnv(production)).webDist).toBe('/srv/web')
  })

  it('builds previews on PUBLIC_ORIGIN, else the first app origin in production and the request’s in development', () => {
    const production = { NODE_ENV: 'production', SEPOLIA_RPC_URL: 'https://sepolia.example' }
    expect(configFromEnv(parseEnv({})).publicOrigin).toBeUndefined()
    expect(configFromEnv(parseEnv({ PUBLIC_ORIGIN: 'https://a.example' })).publicOrigin).toBe('https://a.example')
    const apps = { ...production, APP_ORIGINS: 'https://play.example,https://www.play.example' }
    expect(configFromEnv(parseEnv(apps)).publicOrigin).toBe('https://play.example')
    expect(configFromEnv(parseEnv({ ...apps, PUBLIC_ORIGIN: 'https://share.example' })).publicOrigin).toBe(
      'https://share.example',
    )
  })
})

describe('the WalletConnect relay', () => {
  it('is WalletConnect’s public one unless a WebSocket URL is given', () => {
    expect(configFromEnv(parseEnv({})).walletConnectRelay).toBeUndefined()
    expect(configFromEnv(parseEnv({ WALLETCONNECT_RELAY_URL: 'wss://relay.example' })).walletConnectRelay).toBe(
      'wss://relay.example',
    )
    expect(() => parseEnv({ WALLETCONNECT_RELAY_URL: 'https://relay.example' })).toThrow(
      /^invalid environment: WALLETCONNECT_RELAY_URL\n/,
    )
  })
})

describe('the relayer’s environment', () => {
  const key = `0x${'4c'.repeat(32)}`

  it('relays nothing unless a key is set', () => {
    expect(configFromEnv(parseEnv({})).relay).toBeUndefined()
  })

  it('reads the key, the daily budgets in ether, the gas cap and the balance floor', () => {
    const relay = configFromEnv(
      parseEnv({
        RELAYER_PRIVATE_KEY: key,
        RELAY_PLAYER_DAILY_ETH: '0.001',
        RELAY_CLIENT_DAILY_ETH: '0.004',
        RELAY_DAILY_ETH: '2',
        RELAY_GAS_CAP: '250000',
        RELAY_MIN_BALANCE_ETH: '0.1',
        RELAY_RETURNING_SHARE: '0.75',
        RELAY_NEW_PLAYERS_PER_MINUTE: '3',
      }),
    ).relay
    expect(relay).toEqual({
      privateKey: key,
      budgets: {
        playerWei: 10n ** 15n,
        clientWei: 4n * 10n ** 15n,
        allWei: 2n * 10n ** 18n,
        newcomersWei: 5n * 10n ** 17n,
        newPlayersPerMinute: 3,
      },
      gasCap: 250_000n,
      minBalanceWei: 10n ** 17n,
    })
    expect(configFromEnv(parseEnv({ RELAYER_PRIVATE_KEY: key })).relay).toMatchObject({
      budgets: {
        playerWei: 5n * 10n ** 15n,
        clientWei: 2n * 10n ** 16n,
        allWei: 5n * 10n ** 17n,
        newcomersWei: 25n * 10n ** 16n,
        newPlayersPerMinute: 10,
      },
      gasCap: 300_000n,
      minBalanceWei: 5n * 10n ** 16n,
    })
  })

  it('names a wrong key without echoing it, and a budget that is not an amount of ether', () => {
    const wrong = `0x${'4c'.repeat(31)}`
    const error = (() => {
      try {
        parseEnv({ RELAYER_PRIVATE_KEY: wrong })
      } catch (e) {
        return e as Error
      }
    })()
    expect(error?.message).toMatch(/^invalid environment: RELAYER_PRIVATE_KEY\n/)
    expect(error?.message).not.toContain('4c4c')
    expect(() => parseEnv({ RELAY_DAILY_ETH: '1e18' })).toThrow(/^invalid environment: RELAY_DAILY_ETH\n/)
    expect(() => parseEnv({ RELAY_RETURNING_SHARE: '1.5' })).toThrow(/share between 0 and 1/)
    expect(() => parseEnv({ RELAY_RETURNING_SHARE: 'half' })).toThrow(/^invalid environment: RELAY_RETURNING_SHARE\n/)
    expect(() => parseEnv({ RELAY_NEW_PLAYERS_PER_MINUTE: '-1' })).toThrow(
      /^invalid environment: RELAY_NEW_PLAYERS_PER_MINUTE\n/,
    )
  })

  it('keeps the key out of the logs', () => {
    expect(secretsOfEnv(parseEnv({ RELAYER_PRIVATE_KEY: key }))).toContain(key)
  })
})

describe('the VAPID keys reminders are sent with', () => {
  const keys = {
    VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
    VAPID_PRIVATE_KEY: 'A'.repeat(43),
    VAPID_SUBJECT: 'mailto:operator@chainellation.example',
  }

  it('are taken all three together, or none (no reminders)', () => {
    expect(configFromEnv(parseEnv({})).vapid).toBeUndefined()
    expect(configFromEnv(parseEnv(keys)).vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: keys.VAPID_SUBJECT,
    })
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together/,
    )
  })

  it('refuse a key of the wrong length or alphabet, and a subject push services cannot reach', () => {
    expect(() => parseEnv({ ...keys, VAPID_PUBLIC_KEY: `${keys.VAPID_PUBLIC_KEY}=` })).toThrow(/VAPID_PUBLIC_KEY/)
    expect(() => parseEnv({ ...keys, VAPID_PRIVATE_KEY: 'A'.repeat(42) })).toThrow(/VAPID_PRIVATE_KEY/)
    expect(() => parseEnv({ ...keys, VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/)
  })
})
