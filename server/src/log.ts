import { AsyncLocalStorage } from 'node:async_hooks'
import type { Context } from 'hono'
import { type DestinationStream, type Level, type Logger, pino } from 'pino'
import { prettyFactory } from 'pino-pretty'

/** `json`: one JSON object a line, for a log collector; `pretty`: one short line a record, for a person. */
export type LogFormat = 'json' | 'pretty'
export type LogLevel = Level | 'silent'
export const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** What logging calls need of a logger: pino's, or a request's (see {@link requestLog}). */
export type Log = Pick<Logger, 'fatal' | 'error' | 'warn' | 'info' | 'debug'>

const REDACTED = '[redacted]'

/**
 * The strings of configured URLs that must never reach a log: each URL whole, its password, and its path and query
 * when they could hold a provider's key (Alchemy's and Infura's URLs carry it in their path); a host alone is no
 * secret. Short paths (`/rpc`) are left out, or every request line naming such a path would be blotted out.
 */
export function secretsOf(urls: readonly (string | undefined)[]): string[] {
  const secrets = new Set<string>()
  for (const value of urls) {
    if (!value) continue
    secrets.add(value)
    let url: URL
    try {
      url = new URL(value)
    } catch {
      continue
    }
    secrets.add(url.href)
    if (url.password) {
      secrets.add(url.password)
      secrets.add(decodeURIComponent(url.password))
    }
    const pathAndQuery = `${url.pathname}${url.search}`
    if (pathAndQuery.length >= 12) secrets.add(pathAndQuery)
    for (const part of [...url.pathname.split('/'), ...url.searchParams.values()])
      if (part.length >= 16) secrets.add(part)
  }
  // Longest first, so that a URL is replaced whole before its own path is.
  return [...secrets].filter((secret) => secret.length >= 4).sort((a, b) => b.length - a.length)
}

/** Fields of a request's line, shown in its own words rather than after it. */
const REQUEST_FIELDS = 'reqId,method,path,route,status,durationMs'

/**
 * One JSON record as a developer reads it, by pino-pretty: `INFO: GET /api/skies/31337/1 200 4.2 ms` for a request,
 * `WARN: names: no answer for 0x… (request 5f0c…)` otherwise, other fields after it, an error's stack below.
 */
export const prettyLine: (json: string) => string = prettyFactory({
  colorize: false,
  singleLine: true,
  ignore: `time,pid,hostname,${REQUEST_FIELDS}`,
  messageFormat: (record, messageKey) =>
    typeof record.method === 'string' && typeof record.status === 'number'
      ? `${record.method} ${record.path} ${record.status} ${record.durationMs} ms`
      : `${record[messageKey] ?? ''}${record.reqId ? ` (request ${record.reqId})` : ''}`,
})

export type LoggerOptions = {
  format: LogFormat
  level?: LogLevel
  /** Strings to blot out of every line wherever they appear (see {@link secretsOf}). */
  secrets?: readonly string[]
  /** Where lines go; standard output by default. */
  destination?: DestinationStream
}

/**
 * The API's logger: pino, whose every line is scrubbed of the configured secrets and of any cookie or authorization
 * header (none is logged on purpose; this keeps one from slipping in with an object someone logs whole).
 */
export function createLogger({ format, level = 'info', secrets = [], destination }: LoggerOptions): Logger {
  const out = destination ?? pino.destination({ dest: 1, sync: false })
  const scrub = (line: string) => {
    for (const secret of secrets) if (line.includes(secret)) line = line.replaceAll(secret, REDACTED)
    return line
  }
  const sink: DestinationStream = format === 'pretty' ? { write: (line) => out.write(prettyLine(line)) } : out
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Named paths only: a wildcard path cost every line more than the rest of the redaction together.
      redact: {
        paths: ['headers', 'req.headers', 'err.headers', 'res.headers'].flatMap((at) => [
          `${at}.cookie`,
          `${at}.authorization`,
          `${at}["set-cookie"]`,
        ]),
        censor: REDACTED,
      },
      hooks: secrets.length ? { streamWrite: scrub } : {},
    },
    sink,
  )
}

/**
 * Without a configured logger (tests, tools that build the app): warnings and errors as pretty lines on the
 * console, where a test can also watch for them.
 */
export const consoleLogger = (): Logger =>
  createLogger({
    format: 'json',
    level: 'warn',
    destination: {
      write: (line) => {
        const text = prettyLine(line).trimEnd()
        if (/^(ERROR|FATAL):/.test(text)) console.error(text)
        else console.warn(text)
      },
    },
  })

let processLogger: Log = consoleLogger()
const requestLogger = new AsyncLocalStorage<Log>()

/** Makes `logger` the one {@link log} answers outside any request (the server's, once its environment is read). */
export function setProcessLogger(logger: Log): void {
  processLogger = logger
}

/** The logger to write to here: the request's, whose lines carry its id, or the process's outside a request. */
export const log = (): Log => requestLogger.getStore() ?? processLogger

/** The request's own logger, for handlers that have its context at hand. */
export const logOf = (c: Context): Log => c.get('logger') ?? processLogger

const LEVEL_NAMES = ['fatal', 'error', 'warn', 'info', 'debug'] as const

/**
 * A request's logger: `root`, adding `bindings` (its id) to each line it writes. Cheaper than a pino child logger,
 * which serializes its bindings when made, for the one or two lines a request writes.
 */
function withBindings(root: Logger, bindings: Record<string, unknown>): Log {
  const logger: Partial<Record<(typeof LEVEL_NAMES)[number], unknown>> = {}
  for (const level of LEVEL_NAMES)
    logger[level] = (first: unknown, ...rest: string[]) => {
      if (first instanceof Error) return root[level]({ ...bindings, err: first }, rest[0] ?? first.message)
      if (typeof first === 'object' && first !== null) return root[level]({ ...bindings, ...first }, ...rest)
      return root[level](bindings, String(first), ...rest)
    }
  return logger as Log
}

/**
 * Which requests get a line of their own: `all`, or `failures` (answered 5xx, or slower than
 * {@link SLOW_REQUEST_MS}) behind a proxy whose access log has every request with the same id (nginx's, in
 * deploy/nginx/). A line cost a request a fifth of its CPU on the home page (docs/decisions/production.md).
 */
export type RequestLines = 'all' | 'failures'
export const REQUEST_LINES: readonly RequestLines[] = ['all', 'failures']

/** A request this slow is logged whatever {@link RequestLines} says. */
export const SLOW_REQUEST_MS = 1000

/** Whether a request answered `status` after `durationMs` gets its own line. */
export const writesRequestLine = (lines: RequestLines, status: number, durationMs: number) =>
  lines === 'all' || status >= 500 || durationMs >= SLOW_REQUEST_MS

/** The id nginx gave a request (`X-Request-Id`, at most 255 letters, digits, `_`, `-` or `=`), or a new UUID. */
export function requestIdOf(header: string | undefined): string {
  return header && header.length <= 255 && !/[^\w\-=]/.test(header) ? header : crypto.randomUUID()
}

/** A request's logger, whose lines carry its id `reqId`. */
export const requestLog = (logger: Logger, reqId: string): Log => withBindings(logger, { reqId })

/** Runs `next` with `log` as the logger {@link log} answers, so that anything logged while it runs carries its id. */
export const inRequest = <T>(log: Log, next: () => Promise<T>): Promise<T> => requestLogger.run(log, next)

/** A request's own line, as `lines` says: its method, path, route pattern, status and duration. */
export function logRequest(c: Context, log: Log, lines: RequestLines, durationMs: number): void {
  const status = c.res.status
  if (writesRequestLine(lines, status, durationMs))
    log.info({ method: c.req.method, path: c.req.path, route: c.req.routePath, status, durationMs }, 'request')
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's logger, whose lines carry its id (see {@link requestLog}). */
    logger: Log
  }
}
