// Reading the API's environment: each variable's defaults, forms and refusals.
import { describe, expect, it } from 'vitest'
import { configFromEnv, EnvError, parseEnv } from './env'

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
    ['LOG_REQUESTS', 'errors', /LOG_REQUESTS must be one of all, failures/],
    ['LOG_REQUESTS', 'ALL', /LOG_REQUESTS must be one of all, failures/],
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
    expect(parseEnv(production)).toMatchObject({ LOG_FORMAT: 'json', LOG_LEVEL: 'info', LOG_REQUESTS: 'all' })
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
