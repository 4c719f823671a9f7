import { createECDH } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { localVapidKeys } from './vapid'

describe('localVapidKeys', () => {
  it('makes a P-256 pair in the form the API takes: 65 public bytes and 32 private, base64url', () => {
    const keys = localVapidKeys()
    expect(keys.VAPID_PUBLIC_KEY).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(keys.VAPID_PRIVATE_KEY).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(keys.VAPID_SUBJECT).toMatch(/^mailto:/)
    // The public key is the private key's.
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(Buffer.from(keys.VAPID_PRIVATE_KEY, 'base64url'))
    expect(ecdh.getPublicKey().toString('base64url')).toBe(keys.VAPID_PUBLIC_KEY)
    // A new pair each time: a stack's own.
    expect(localVapidKeys().VAPID_PUBLIC_KEY).not.toBe(keys.VAPID_PUBLIC_KEY)
  })
})
