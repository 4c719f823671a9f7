// The EIP-4361 (Sign-In with Ethereum) message grammar, read strictly: one parse per text, or a sentence saying
// which rule the text breaks. https://eips.ethereum.org/EIPS/eip-4361#abnf-message-format
import { getAddress } from 'viem'

/**
 * A message's fields as written, before any interpretation: times stay text so that the layout can be rebuilt
 * byte for byte ({@link formatSiweMessage}) and read by {@link parseDateTime}.
 */
export type SiweFields = {
  scheme?: string
  domain: string
  address: `0x${string}`
  /** May be empty: `[ statement LF ]` with `statement = *( … )` then adds a third blank line. */
  statement?: string
  uri: string
  version: string
  chainId: string
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

export type SiweParse = { ok: true; fields: SiweFields } | { ok: false; error: string }

/** What the client is told, one sentence per rule a message can break (all 400 Bad Request). */
export const siweErrors = {
  notSiwe: 'The message is not a Sign-In with Ethereum (EIP-4361) message.',
  domain: 'The message’s domain is not an RFC 3986 authority ([user@]host[:port]).',
  addressForm: 'The message’s address is not 0x followed by 40 hexadecimal digits.',
  addressChecksum: 'The message’s address is not valid: its mixed-case checksum (EIP-55) is wrong.',
  addressNoChecksum:
    'The message’s address must be written with its mixed-case checksum (EIP-55), not in a single case.',
  statement:
    'The message’s statement must be a single line of ASCII letters, digits, spaces and the punctuation RFC 3986 allows (EIP-4361).',
  version: 'Only version 1 of Sign-In with Ethereum messages is accepted.',
  chainId: 'The message’s Chain ID is not a whole number (EIP-155).',
  nonce: 'The message’s nonce is not a valid EIP-4361 nonce: at least 8 letters or digits.',
  issuedAt: 'The message’s Issued At is not a valid time (an RFC 3339 date-time on a real calendar day).',
  expirationTime: 'The message’s Expiration Time is not a valid time (an RFC 3339 date-time on a real calendar day).',
  notBefore: 'The message’s Not Before is not a valid time (an RFC 3339 date-time on a real calendar day).',
  requestId: 'The message’s Request ID may hold only the characters RFC 3986 allows in a path segment.',
  resources: 'The message’s resources must be RFC 3986 URIs, one after each “- ” at the start of a line.',
  order: (field: string) =>
    `The message’s ${field} line is repeated or out of place: EIP-4361 fields come once each, in a fixed order.`,
  trailing: 'The message has text after its last field.',
} as const

const HEADER = ' wants you to sign in with your Ethereum account:'

/** The field lines in the grammar's order, each with the text that starts it (`%s"…"`: case-sensitive). */
const TAGS = [
  ['URI', 'URI: '],
  ['Version', 'Version: '],
  ['Chain ID', 'Chain ID: '],
  ['Nonce', 'Nonce: '],
  ['Issued At', 'Issued At: '],
  ['Expiration Time', 'Expiration Time: '],
  ['Not Before', 'Not Before: '],
  ['Request ID', 'Request ID: '],
  ['Resources', 'Resources:'],
] as const
type Tag = (typeof TAGS)[number][0]

const tagOf = (line: string | undefined): Tag | undefined =>
  line === undefined ? undefined : TAGS.find(([, start]) => line.startsWith(start))?.[0]

// RFC 3986 §2.2–2.3 character classes, as regular-expression character-class bodies.
const UNRESERVED = 'A-Za-z0-9._~\\-'
const SUB_DELIMS = "!$&'()*+,;="
const PCT_ENCODED = '%[0-9A-Fa-f]{2}'
/** RFC 3986 §3.3: `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`. */
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT_ENCODED})`

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/
const USERINFO = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT_ENCODED})*$`)
const REG_NAME = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})*$`)
const PORT = /^[0-9]*$/
const IPV_FUTURE = new RegExp(`^[vV][0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+$`)
const DEC_OCTET = /^(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])$/
const H16 = /^[0-9A-Fa-f]{1,4}$/
/** `path-abempty`, `path-absolute`, `path-rootless` and `path-empty` are all `*( pchar / "/" )` once `//` is ruled out. */
const PATH = new RegExp(`^(?:${PCHAR}|/)*$`)
/** RFC 3986 §3.4–3.5: `query = fragment = *( pchar / "/" / "?" )`. */
const QUERY = new RegExp(`^(?:${PCHAR}|[/?])*$`)
/** EIP-4361: `statement = *( reserved / unreserved / " " )`; RFC 3986 §2.2 `reserved = gen-delims / sub-delims`. */
const STATEMENT = new RegExp(`^[${UNRESERVED}:/?#\\[\\]@${SUB_DELIMS} ]*$`)
/** EIP-4361: `request-id = *pchar`. */
const REQUEST_ID = new RegExp(`^${PCHAR}*$`)
/** EIP-4361: `nonce = 8*( ALPHA / DIGIT )`. */
const NONCE = /^[A-Za-z0-9]{8,}$/
/** EIP-4361: `chain-id = 1*DIGIT`. */
const CHAIN_ID = /^[0-9]+$/
/**
 * EIP-4361: `address = "0x" 40*40HEXDIG`, in its EIP-55 form. ABNF's quoted strings ignore case, but EIP-55's
 * form is spelled `0x`, so `0X` is refused with the other spellings that are not it.
 */
const ADDRESS = /^0x[0-9A-Fa-f]{40}$/

/** RFC 3986 §3.2.2: `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`. */
const isIPv4 = (text: string) => {
  const octets = text.split('.')
  return octets.length === 4 && octets.every((octet) => DEC_OCTET.test(octet))
}

/** RFC 3986 §3.2.2 `IPv6address`: eight 16-bit pieces, the last two of which may be an IPv4 address, or fewer with one `::`. */
export function isIPv6(text: string): boolean {
  const halves = text.split('::')
  if (halves.length > 2) return false
  const piecesOf = (part: string) => (part === '' ? [] : part.split(':'))
  const pieces = halves.flatMap(piecesOf)
  let count = 0
  for (const [i, piece] of pieces.entries()) {
    // `ls32` lets an IPv4 address stand for the last two pieces, and only there (not before a trailing `::`).
    const last = i === pieces.length - 1 && !(halves.length === 2 && halves[1] === '')
    if (last && piece.includes('.')) {
      if (!isIPv4(piece)) return false
      count += 2
    } else if (H16.test(piece)) count += 1
    else return false
  }
  return halves.length === 2 ? count <= 7 : count === 8
}

/** RFC 3986 §3.2: `authority = [ userinfo "@" ] host [ ":" port ]`, host being an IP-literal, IPv4 address or reg-name. */
export function isAuthority(text: string): boolean {
  const at = text.indexOf('@')
  if (at >= 0 && !USERINFO.test(text.slice(0, at))) return false
  const hostPort = text.slice(at + 1)
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']')
    if (close < 0) return false
    const literal = hostPort.slice(1, close)
    const rest = hostPort.slice(close + 1)
    return (
      (isIPv6(literal) || IPV_FUTURE.test(literal)) && (rest === '' || (rest[0] === ':' && PORT.test(rest.slice(1))))
    )
  }
  // reg-name has no ":", so the first one starts the port. (An IPv4 address is also a reg-name.)
  const colon = hostPort.indexOf(':')
  const host = colon < 0 ? hostPort : hostPort.slice(0, colon)
  return REG_NAME.test(host) && (colon < 0 || PORT.test(hostPort.slice(colon + 1)))
}

/** RFC 3986 §3: `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]` (an absolute URI; no relative reference). */
export function isUri(text: string): boolean {
  const colon = text.indexOf(':')
  if (colon < 1 || !SCHEME.test(text.slice(0, colon))) return false
  let rest = text.slice(colon + 1)
  const hash = rest.indexOf('#')
  if (hash >= 0) {
    if (!QUERY.test(rest.slice(hash + 1))) return false
    rest = rest.slice(0, hash)
  }
  const question = rest.indexOf('?')
  if (question >= 0) {
    if (!QUERY.test(rest.slice(question + 1))) return false
    rest = rest.slice(0, question)
  }
  if (!rest.startsWith('//')) return PATH.test(rest)
  // "//" authority path-abempty: the authority runs to the next "/".
  const slash = rest.indexOf('/', 2)
  const authority = slash < 0 ? rest.slice(2) : rest.slice(2, slash)
  return isAuthority(authority) && (slash < 0 || PATH.test(rest.slice(slash)))
}

/**
 * RFC 3339 §5.6 `date-time`, e.g. `2026-03-01T21:00:00Z` or `2026-03-01T22:00:00.5+01:00`. "T" and "Z" may be lower
 * case (the §5.6 note; ABNF strings are case-insensitive). Unlike `Date.parse`, refuses a day the month does not have
 * (§5.7: 2022-02-31 is not 3 March), hours past 23, minutes past 59, offsets past 23:59, and a second 60 except where
 * a leap second can fall: 23:59:60 UTC on a month's last day (§5.7).
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/

/** The instant an RFC 3339 date-time names, or null when it is not one (see {@link DATE_TIME}). */
export function parseDateTime(text: string): Date | null {
  const m = DATE_TIME.exec(text)
  if (!m) return null
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const [offsetHour, offsetMinute] = [Number(m[10] ?? 0), Number(m[11] ?? 0)]
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return null
  // Milliseconds are all a Date holds; further digits are cut, which moves the instant by under a millisecond.
  const ms = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3))
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day) // not Date.UTC, which reads years 0–99 as 1900–1999
  date.setUTCHours(hour, minute, Math.min(second, 59), ms)
  const offsetMs = (m[9] === '-' ? -1 : 1) * (offsetHour * 60 + offsetMinute) * 60_000
  const instant = new Date(date.getTime() - offsetMs)
  if (second === 60) {
    const next = new Date(instant.getTime() + 1000)
    if (instant.getUTCHours() !== 23 || instant.getUTCMinutes() !== 59 || next.getUTCDate() !== 1) return null
    // POSIX time has no 61st second: read a leap second as the last millisecond before midnight.
    instant.setUTCMilliseconds(999)
  }
  return Number.isNaN(instant.getTime()) ? null : instant
}

/** Days in a month of the proleptic Gregorian calendar (RFC 3339 Appendix C). */
const daysIn = (year: number, month: number) =>
  month === 2
    ? (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31

/** EIP-4361's layout of a message: what {@link parseSiweMessage} reads, and all it reads. */
export function formatSiweMessage(fields: SiweFields): string {
  const lines = [
    `${fields.scheme === undefined ? '' : `${fields.scheme}://`}${fields.domain}${HEADER}`,
    fields.address,
    '',
    ...(fields.statement === undefined ? [''] : [fields.statement, '']),
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
    ...(fields.expirationTime === undefined ? [] : [`Expiration Time: ${fields.expirationTime}`]),
    ...(fields.notBefore === undefined ? [] : [`Not Before: ${fields.notBefore}`]),
    ...(fields.requestId === undefined ? [] : [`Request ID: ${fields.requestId}`]),
    ...(fields.resources === undefined ? [] : ['Resources:', ...fields.resources.map((r) => `- ${r}`)]),
  ]
  return lines.join('\n')
}

/**
 * Reads a message by EIP-4361's ABNF, line by line (LF only: no field may hold a CR or any other line break), and
 * refuses anything else: fields missing, repeated or out of order, text after the last one, a statement over more
 * than one line or outside its characters, a domain that is not an RFC 3986 authority, an address not in its EIP-55
 * form, a Request ID or resource outside RFC 3986, and times that are not RFC 3339 date-times on real days.
 *
 * The URI is left to the caller, which compares it with its own origins and must check it with {@link isUri}: its
 * refusal names the origin it should be on.
 */
export function parseSiweMessage(text: string): SiweParse {
  const fail = (error: string): SiweParse => ({ ok: false, error })
  const lines = text.split('\n')

  // [ scheme "://" ] domain " wants you to sign in with your Ethereum account:" — an authority has no "/", so the
  // first "://" can only end a scheme.
  const head = lines[0] ?? ''
  if (!head.endsWith(HEADER) || lines.length < 5 || lines[2] !== '') return fail(siweErrors.notSiwe)
  const origin = head.slice(0, -HEADER.length)
  const separator = origin.indexOf('://')
  const scheme = separator < 0 ? undefined : origin.slice(0, separator)
  const domain = separator < 0 ? origin : origin.slice(separator + 3)
  if (scheme !== undefined && !SCHEME.test(scheme)) return fail(siweErrors.domain)
  if (!isAuthority(domain)) return fail(siweErrors.domain)

  const address = lines[1] ?? ''
  if (!ADDRESS.test(address)) return fail(siweErrors.addressForm)
  // EIP-4361 asks for the EIP-55 form, so a single-case address (which carries no checksum) is refused too.
  if (getAddress(address) !== address) {
    const digits = address.slice(2)
    const singleCase = digits === digits.toLowerCase() || digits === digits.toUpperCase()
    return fail(singleCase ? siweErrors.addressNoChecksum : siweErrors.addressChecksum)
  }

  // address LF LF [ statement LF ] LF "URI: …": one blank line and the statement's line, then another blank line;
  // without a statement, two blank lines. Anything else there is a statement over more than one line, or no
  // statement and a blank line missing.
  let statement: string | undefined
  let i: number
  if (lines[4] === '') {
    statement = lines[3] ?? ''
    if (!STATEMENT.test(statement)) return fail(siweErrors.statement)
    i = 5
  } else if (lines[3] === '') i = 4
  else if (tagOf(lines[3]) !== undefined) return fail(siweErrors.notSiwe)
  else return fail(siweErrors.statement)

  // A line out of place is named by its own field when it has one, otherwise by the first field found after it.
  const misplaced = (from: number): string | undefined => {
    const tag = lines
      .slice(from)
      .map(tagOf)
      .find((t) => t !== undefined)
    return tag === undefined ? undefined : siweErrors.order(tag)
  }
  const seen = new Set<Tag>()
  const required = (tag: Tag): string | { error: string } => {
    const start = TAGS.find(([name]) => name === tag)?.[1] ?? ''
    const line = lines[i]
    if (line?.startsWith(start)) {
      seen.add(tag)
      i++
      return line.slice(start.length)
    }
    // A field missing from here on is missing (unless the line here repeats one seen already); otherwise the line
    // here, or the one expected, is out of place.
    const here = tagOf(line)
    const later = lines.slice(i).some((l) => tagOf(l) === tag)
    if (!later && (here === undefined || !seen.has(here))) return { error: siweErrors.notSiwe }
    return { error: siweErrors.order(here ?? tag) }
  }
  const optional = (tag: Tag): string | undefined => {
    const start = TAGS.find(([name]) => name === tag)?.[1] ?? ''
    const line = lines[i]
    if (!line?.startsWith(start)) return undefined
    seen.add(tag)
    i++
    return line.slice(start.length)
  }

  const uri = required('URI')
  if (typeof uri !== 'string') return fail(uri.error)
  const version = required('Version')
  if (typeof version !== 'string') return fail(version.error)
  if (version !== '1') return fail(siweErrors.version)
  const chainId = required('Chain ID')
  if (typeof chainId !== 'string') return fail(chainId.error)
  if (!CHAIN_ID.test(chainId)) return fail(siweErrors.chainId)
  const nonce = required('Nonce')
  if (typeof nonce !== 'string') return fail(nonce.error)
  if (!NONCE.test(nonce)) return fail(siweErrors.nonce)
  const issuedAt = required('Issued At')
  if (typeof issuedAt !== 'string') return fail(issuedAt.error)
  if (!parseDateTime(issuedAt)) return fail(siweErrors.issuedAt)

  const expirationTime = optional('Expiration Time')
  if (expirationTime !== undefined && !parseDateTime(expirationTime)) return fail(siweErrors.expirationTime)
  const notBefore = optional('Not Before')
  if (notBefore !== undefined && !parseDateTime(notBefore)) return fail(siweErrors.notBefore)
  const requestId = optional('Request ID')
  if (requestId !== undefined && !REQUEST_ID.test(requestId)) return fail(siweErrors.requestId)

  let resources: string[] | undefined
  if (lines[i]?.startsWith('Resources:')) {
    if (lines[i] !== 'Resources:') return fail(siweErrors.resources)
    seen.add('Resources')
    i++
    resources = []
    // resources = *( LF "- " URI ), to the end of the message.
    for (; i < lines.length; i++) {
      const line = lines[i] ?? ''
      if (line.startsWith('- ') && isUri(line.slice(2))) resources.push(line.slice(2))
      else return fail(misplaced(i) ?? siweErrors.resources)
    }
  }
  if (i < lines.length) return fail(misplaced(i) ?? siweErrors.trailing)

  const fields: SiweFields = {
    ...(scheme === undefined ? {} : { scheme }),
    domain,
    address: address as `0x${string}`,
    ...(statement === undefined ? {} : { statement }),
    uri,
    version,
    chainId,
    nonce,
    issuedAt,
    ...(expirationTime === undefined ? {} : { expirationTime }),
    ...(notBefore === undefined ? {} : { notBefore }),
    ...(requestId === undefined ? {} : { requestId }),
    ...(resources === undefined ? {} : { resources }),
  }
  // The rebuilt text must be the signed text, byte for byte: nothing was skipped, reordered or read twice.
  if (formatSiweMessage(fields) !== text) return fail(siweErrors.notSiwe)
  return { ok: true, fields }
}
