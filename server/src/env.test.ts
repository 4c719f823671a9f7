import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env'

describe('parseEnv', () => {
  it('applies defaults to an empty environment', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({ NODE_ENV: 'development', HOST: '127.0.0.1', PORT: 8787, CHAIN_ID: 31337 })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.WEB_DIST).toMatch(/web[\\/]dist$/)
  })

  it('treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 8787, DATABASE_URL: undefined })
  })

  it('coerces numbers', () => {
    expect(parseEnv({ PORT: '9000', CHAIN_ID: '11155111' })).toMatchObject({ PORT: 9000, CHAIN_ID: 11155111 })
  })

  it('names every invalid variable', () => {
    let error: unknown
    try {
      parseEnv({ PORT: 'eighty', CHAIN_ID: '-1', DATABASE_URL: 'not a url', NODE_ENV: 'staging' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(EnvError)
    expect((error as EnvError).names.sort()).toEqual(['CHAIN_ID', 'DATABASE_URL', 'NODE_ENV', 'PORT'])
    expect((error as EnvError).message).toMatch(/^invalid environment: /)
  })
})
