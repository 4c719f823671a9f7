import { generateKeyPairSync } from 'node:crypto'

/**
 * A VAPID key pair for one local stack or rehearsal (RFC 8292): P-256, the public key as its 65 uncompressed bytes
 * and the private key as its 32, base64url, as web-push's `generate-vapid-keys` prints them.
 */
export function localVapidKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const { x = '', y = '' } = publicKey.export({ format: 'jwk' })
  const { d = '' } = privateKey.export({ format: 'jwk' })
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')])
  return {
    VAPID_PUBLIC_KEY: raw.toString('base64url'),
    VAPID_PRIVATE_KEY: d,
    VAPID_SUBJECT: 'mailto:operator@chainellation.localhost',
  }
}
