import { describe, expect, it } from 'vitest'
import {
  DEFAULT_DRAFT_WRITE_LIMITS,
  DEFAULT_NAME_READ_LIMIT,
  DEFAULT_RELAY_LIMIT,
  DEFAULT_SIGN_IN_LIMITS,
  DEFAULT_SKY_READ_LIMIT,
} from './config'
import { configFromEnv, EnvError, parseEnv, secretsOfEnv } from './env'

describe('parseEnv', () => {
  it('applies defaults to an empty environment', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({ NODE_ENV: 'development', HOST: '127.0.0.1', PORT: 8787, CHAIN_ID: 31337 })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.WEB_DIST).toMatch(/web[\\/]dist$/)
    expect(env.DATA_DIR).toMatch(/[\\/]\.data[\\/]pglite$/)
    expect(env.APP_ORIGINS).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173'])
    expect(env.SAFE_ORIGINS).toEqual(['https://app.safe.global'])
    expect(env.SEPOLIA_RPC_URL).toBe('https://ethereum-sepolia-rpc.publicnode.com')
    expect(env.LOCAL_RPC_URL).toBeUndefined()
  })

  it('reads APP_ORIGINS as a comma-separated list of origins', () => {
    const env = parseEnv({
      APP_ORIGINS: ' https://chainellation.example/ ,http://127.0.0.1:8787,https://chainellation.example',
    })
    expect(env.APP_ORIGINS).toEqual(['https://chainellation.example', 'http://127.0.0.1:8787'])
  })

  it.each([
    'chainellation.example',
    'https://chainellation.example/app',
    'https://chainellation.example?x=1',
    'ftp://chainellation.example',
    'https://user@chainellation.example',
    'http://localhost:5173,',
  ])('refuses %j as APP_ORIGINS', (value) => {
    expect(() => parseEnv({ APP_ORIGINS: value })).toThrow(/^invalid environment: APP_ORIGINS\n/)
  })

  it('reads SAFE_ORIGINS as a comma-separated list of origins', () => {
    expect(parseEnv({ SAFE_ORIGINS: 'https://app.safe.global/, http://localhost:3000' }).SAFE_ORIGINS).toEqual([
      'https://app.safe.global',
      'http://localhost:3000',
    ])
  })

  it.each(['app.safe.global', 'https://app.safe.global/apps', 'https://app.safe.global,'])(
    'refuses %j as SAFE_ORIGINS',
    (value) => {
      expect(() => parseEnv({ SAFE_ORIGINS: value })).toThrow(/^invalid environment: SAFE_ORIGINS\n/)
    },
  )

  it('reads PUBLIC_ORIGIN as one origin', () => {
    expect(parseEnv({}).PUBLIC_ORIGIN).toBeUndefined()
    expect(parseEnv({ PUBLIC_ORIGIN: 'https://chainellation.example/' }).PUBLIC_ORIGIN).toBe(
      'https://chainellation.example',
    )
  })

  it.each([
    'chainellation.example',
    'https://chainellation.example/sky',
    'ftp://chainellation.example',
    'https://a.example,https://b.example',
  ])('refuses %j as PUBLIC_ORIGIN', (value) => {
    expect(() => parseEnv({ PUBLIC_ORIGIN: value })).toThrow(/^invalid environment: PUBLIC_ORIGIN\n/)
  })

  it('counts no proxy and limits sign-in to 60 nonces and 20 attempts a minute by default', () => {
    expect(parseEnv({})).toMatchObject({
      TRUST_PROXY: 0,
      NONCE_RATE_LIMIT: 60,
      VERIFY_RATE_LIMIT: 20,
      RATE_LIMIT_WINDOW_SECONDS: 60,
    })
    expect(
      parseEnv({ TRUST_PROXY: '2', NONCE_RATE_LIMIT: '5', VERIFY_RATE_LIMIT: '3', RATE_LIMIT_WINDOW_SECONDS: '10' }),
    ).toMatchObject({ TRUST_PROXY: 2, NONCE_RATE_LIMIT: 5, VERIFY_RATE_LIMIT: 3, RATE_LIMIT_WINDOW_SECONDS: 10 })
  })

  it('limits sky reads to 120 a window by default, or to SKY_READ_RATE_LIMIT', () => {
    expect(parseEnv({}).SKY_READ_RATE_LIMIT).toBe(120)
    expect(parseEnv({ SKY_READ_RATE_LIMIT: '' }).SKY_READ_RATE_LIMIT).toBe(120)
    expect(parseEnv({ SKY_READ_RATE_LIMIT: '600' }).SKY_READ_RATE_LIMIT).toBe(600)
  })

  it('leaves names off without ENS_RPC_URL, and takes a Universal Resolver only beside it', () => {
    expect(parseEnv({}).ENS_RPC_URL).toBeUndefined()
    const local = parseEnv({
      ENS_RPC_URL: 'http://127.0.0.1:8545',
      ENS_UNIVERSAL_RESOLVER: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
    })
    // Written as given, kept checksummed (EIP-55).
    expect(local.ENS_UNIVERSAL_RESOLVER).toBe('0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512')
    expect(() => parseEnv({ ENS_UNIVERSAL_RESOLVER: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' })).toThrow(
      /^invalid environment: ENS_UNIVERSAL_RESOLVER\n[\s\S]*set ENS_RPC_URL too/,
    )
  })

  it.each([
    ['ENS_RPC_URL', 'mainnet.example', /ENS_RPC_URL/],
    ['ENS_RPC_URL', 'wss://mainnet.example', /ENS_RPC_URL/],
    ['ENS_UNIVERSAL_RESOLVER', '0x1234', /must be a contract address/],
    ['ENS_UNIVERSAL_RESOLVER', '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0513', /must be a contract address/],
    ['NAME_READ_RATE_LIMIT', '0', /NAME_READ_RATE_LIMIT/],
    ['RELAY_RATE_LIMIT', '0', /RELAY_RATE_LIMIT/],
    ['TRUST_PROXY', 'true', /number of reverse proxies/],
    ['TRUST_PROXY', '-1', /cannot be negative/],
    ['TRUST_PROXY', '1.5', /whole number/],
    ['NONCE_RATE_LIMIT', '0', /NONCE_RATE_LIMIT/],
    ['NONCE_RATE_LIMIT', 'many', /NONCE_RATE_LIMIT/],
    ['VERIFY_RATE_LIMIT', '-3', /VERIFY_RATE_LIMIT/],
    ['SKY_READ_RATE_LIMIT', '0', /SKY_READ_RATE_LIMIT/],
    ['SKY_READ_RATE_LIMIT', '2.5', /SKY_READ_RATE_LIMIT/],
    ['SKY_READ_RATE_LIMIT', 'lots', /SKY_READ_RATE_LIMIT/],
    ['RATE_LIMIT_WINDOW_SECONDS', '0', /RATE_LIMIT_WINDOW_SECONDS/],
    ['LOG_FORMAT', 'text', /LOG_FORMAT must be json or pretty/],
    ['LOG_LEVEL', 'verbose', /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
    ['METRICS_PORT', '70000', /METRICS_PORT/],
    ['METRICS_PORT', '8787', /METRICS_PORT must differ from PORT/],
    ['METRICS_PUBLIC', 'yes', /METRICS_PUBLIC must be true or false/],
    ['SHUTDOWN_GRACE_SECONDS', '-1', /SHUTDOWN_GRACE_SECONDS/],
  ])('refuses %s=%j, naming it', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^invalid environment: ${name}\n`))
    expect(() => parseEnv({ [name]: value })).toThrow(message)
  })

  it('treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '', SAFE_ORIGINS: '' })).toMatchObject({
      PORT: 8787,
      DATABASE_URL: undefined,
      SAFE_ORIGINS: ['https://app.safe.global'],
    })
  })

  it('demands SEPOLIA_RPC_URL in production, where no public node decides who signs in', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /^invalid environment: SEPOLIA_RPC_URL\n.*production has no default/s,
    )
    expect(() => parseEnv({ NODE_ENV: 'production', SEPOLIA_RPC_URL: '' })).toThrow(/SEPOLIA_RPC_URL/)
    const env = parseEnv({ NODE_ENV: 'production', SEPOLIA_RPC_URL: 'https://sepolia.example/v2/key' })
    expect(env.SEPOLIA_RPC_URL).toBe('https://sepolia.example/v2/key')
  })

  it('logs JSON in production and pretty lines elsewhere, unless LOG_FORMAT says', () => {
    const production = { NODE_ENV: 'production', SEPOLIA_RPC_URL: 'https://sepolia.example' }
    expect(parseEnv(production)).toMatchObject({ LOG_FORMAT: 'json', LOG_LEVEL: 'info' })
    expect(parseEnv({})).toMatchObject({ LOG_FORMAT: 'pretty' })
    expect(parseEnv({ ...production, LOG_FORMAT: 'pretty', LOG_LEVEL: 'warn' })).toMatchObject({
      LOG_FORMAT: 'pretty',
      LOG_LEVEL: 'warn',
    })
  })

  it('serves no metrics and drains for 10 s by default', () => {
    const env0 = parseEnv({})
    expect([env0.METRICS_PORT, env0.METRICS_HOST]).toEqual([undefined, undefined])
    expect(env0).toMatchObject({ METRICS_PUBLIC: false, SHUTDOWN_GRACE_SECONDS: 10 })
    expect(configFromEnv(parseEnv({})).metricsPublic).toBe(false)
    const env = parseEnv({
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.0.5',
      METRICS_PUBLIC: 'true',
      SHUTDOWN_GRACE_SECONDS: '25',
    })
    expect(env).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '10.0.0.5',
      METRICS_PUBLIC: true,
      SHUTDOWN_GRACE_SECONDS: 25,
    })
    expect(configFromEnv(env).metricsPublic).toBe(true)
  })

  it('coerces numbers', () => {
    expect(parseEnv({ PORT: '9000', CHAIN_ID: '11155111' })).toMatchObject({ PORT: 9000, CHAIN_ID: 11155111 })
  })

  it('names every invalid variable', () => {
    let error: unknown
    try {
      parseEnv({
        PORT: 'eighty',
        CHAIN_ID: '-1',
        DATABASE_URL: 'not a url',
        NODE_ENV: 'staging',
        SEPOLIA_RPC_URL: 'sepolia',
        LOCAL_RPC_URL: 'anvil',
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(EnvError)
    expect((error as EnvError).names.sort()).toEqual([
      'CHAIN_ID',
      'DATABASE_URL',
      'LOCAL_RPC_URL',
      'NODE_ENV',
      'PORT',
      'SEPOLIA_RPC_URL',
    ])
    expect((error as EnvError).message).toMatch(/^invalid environment: /)
  })
})

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
