import { isUri, parseDateTime, parseSiweMessage } from './siwe-message'

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

/**
 * Checks everything about an EIP-4361 message that needs no database or chain: its form, read strictly by the
 * standard's grammar (see {@link parseSiweMessage}), that it was made for one of our origins and chains, and its
 * times. Statuses: 400 for a malformed message, 422 for a chain we do not serve, 401 for one that is well formed
 * but not acceptable here.
 */
export function checkSiweMessage(text: string, rules: SiweRules): SiweCheck {
  const parsed = parseSiweMessage(text)
  if (!parsed.ok) return reject(400, parsed.error)
  const { fields } = parsed
  const { address, domain, nonce, uri } = fields
  const chainId = Number(fields.chainId)
  // The parser accepted these as RFC 3339 date-times, so each names an instant.
  const issuedAt = parseDateTime(fields.issuedAt) as Date
  const expirationTime =
    fields.expirationTime === undefined ? undefined : (parseDateTime(fields.expirationTime) as Date)
  const notBefore = fields.notBefore === undefined ? undefined : (parseDateTime(fields.notBefore) as Date)

  // The domain must be one of our origins' host[:port] exactly. A domain with userinfo, or a host spelled another
  // way (upper case, a default port written out, another form of an IPv6 address), is refused, never normalised.
  const origin = rules.origins.find((o) => new URL(o).host === domain)
  if (!origin) return reject(401, `The message is for the site ${domain}, not this one.`)
  // RFC 3986 first, with an authority ("//"): WHATWG URL parsing, which gives the origin, also finds one in text that
  // is no URI (tabs it drops, backslashes it reads as slashes) or has no authority (`https:host`).
  let uriOrigin: string | undefined
  try {
    if (isUri(uri) && /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(uri)) uriOrigin = new URL(uri).origin
  } catch {}
  if (uriOrigin !== origin) return reject(401, `The message’s URI is not an address of ${origin}.`)
  if (fields.scheme !== undefined && `${fields.scheme}:` !== new URL(origin).protocol)
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
  if (expirationTime && expirationTime.getTime() <= now) return reject(401, 'The message has expired; sign in again.')
  if (notBefore && notBefore.getTime() > now) return reject(401, 'The message is not valid yet.')

  return {
    ok: true,
    siwe: {
      address,
      chainId,
      domain,
      nonce,
      ...(fields.scheme === undefined ? {} : { scheme: fields.scheme }),
    },
  }
}
