import { getAddress, isAddress } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'

/** Clock difference tolerated between a wallet's device and the server for Issued At. */
export const CLOCK_SKEW_MS = 60_000

export type SiweRules = {
  /** Normalised origins (`https://host[:port]`) the app is served from. */
  origins: readonly string[]
  /** Chains sign-in is open on, by id, with the name used in messages. */
  chains: ReadonlyMap<number, string>
  now: Date
  /** The oldest a message may be, measured from its Issued At. */
  maxAgeMs: number
}

/** The fields of a message that passed {@link checkSiweMessage}. */
export type AcceptedSiwe = {
  address: `0x${string}`
  chainId: number
  domain: string
  nonce: string
  scheme?: string
}

export type SiweCheck = { ok: true; siwe: AcceptedSiwe } | { ok: false; status: 400 | 401 | 422; error: string }

const reject = (status: 400 | 401 | 422, error: string): SiweCheck => ({ ok: false, status, error })

const invalidDate = (date: Date | undefined) => date !== undefined && Number.isNaN(date.getTime())

/**
 * Checks everything about an EIP-4361 message that needs no database or chain: its form, that it was made for
 * one of our origins and chains, and its times. Statuses: 400 for a malformed message, 422 for a chain we do
 * not serve, 401 for one that is well formed but not acceptable here.
 */
export function checkSiweMessage(text: string, rules: SiweRules): SiweCheck {
  const message = parseSiweMessage(text)
  const { address, chainId, domain, issuedAt, nonce, uri, version } = message
  if (!address || !domain || !uri || !version || chainId === undefined || !nonce || !issuedAt)
    return reject(400, 'The message is not a Sign-In with Ethereum (EIP-4361) message.')
  if (invalidDate(issuedAt)) return reject(400, 'The message’s Issued At is not a valid time.')
  if (invalidDate(message.expirationTime)) return reject(400, 'The message’s Expiration Time is not a valid time.')
  if (invalidDate(message.notBefore)) return reject(400, 'The message’s Not Before is not a valid time.')
  if (version !== '1') return reject(400, 'Only version 1 of Sign-In with Ethereum messages is accepted.')
  // viem's signature check throws on such an address rather than answering false.
  if (!isAddress(address))
    return reject(400, 'The message’s address is not valid: its mixed-case checksum (EIP-55) is wrong.')

  const origin = rules.origins.find((o) => new URL(o).host === domain)
  if (!origin) return reject(401, `The message is for the site ${domain}, not this one.`)
  let uriOrigin: string | undefined
  try {
    uriOrigin = new URL(uri).origin
  } catch {}
  if (uriOrigin !== origin) return reject(401, `The message’s URI is not an address of ${origin}.`)
  if (message.scheme !== undefined && `${message.scheme}:` !== new URL(origin).protocol)
    return reject(401, `The message’s scheme does not match ${origin}.`)

  if (!rules.chains.has(chainId)) {
    const supported = [...rules.chains].map(([id, name]) => `${name} (${id})`).join(' or ')
    return reject(422, `Sign-in on chain ${chainId} is not supported; use ${supported}.`)
  }

  const now = rules.now.getTime()
  if (issuedAt.getTime() > now + CLOCK_SKEW_MS)
    return reject(401, 'The message was issued in the future; check the clock of your device.')
  if (issuedAt.getTime() < now - rules.maxAgeMs - CLOCK_SKEW_MS)
    return reject(401, 'The message was issued too long ago; sign in again.')
  if (message.expirationTime && message.expirationTime.getTime() <= now)
    return reject(401, 'The message has expired; sign in again.')
  if (message.notBefore && message.notBefore.getTime() > now) return reject(401, 'The message is not valid yet.')

  // viem's own rules (nonce and address form, lifetime) as a second opinion; they agree with the checks above.
  if (!validateSiweMessage({ message, domain, scheme: message.scheme, time: rules.now }))
    return reject(400, 'The message is not a valid Sign-In with Ethereum message.')

  return {
    ok: true,
    siwe: {
      address: getAddress(address),
      chainId,
      domain,
      nonce,
      ...(message.scheme ? { scheme: message.scheme } : {}),
    },
  }
}
