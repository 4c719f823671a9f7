import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { BaseError, HttpRequestError, RpcRequestError, TimeoutError, WebSocketRequestError } from 'viem'
import { DEFAULT_RELAY_LIMIT, type RateLimit } from '../config'
import { answerHeaders, jsonBody, limitBody, validJson } from '../http'
import { logOf } from '../log'
import { type RateLimitStore, rateLimit } from '../rate-limit'
import { type RefusalCode, relayRequestSchema } from './policy'
import type { Relayer } from './relayer'

// The relayer's routes (docs/decisions/sponsored-writes.md): whether the game pays gas here, a signed request to
// relay, and where a relayed request's transaction is.

/** Largest signed request accepted, in bytes: a batch of gazes or three layers is well under 2 KiB. */
export const MAX_RELAY_BYTES = 8192

/**
 * The HTTP status of each refusal: a spent budget is a 429, the relayer's pause a 503, a request whose nonce another
 * request holds a 409, the rest a 422.
 */
const STATUS: Record<RefusalCode, ContentfulStatusCode> = {
  'not-game': 422,
  'not-playable': 422,
  value: 422,
  gas: 422,
  expired: 422,
  deadline: 422,
  signature: 422,
  nonce: 409,
  reverted: 422,
  budget: 429,
  paused: 503,
}

export type RelayDeps = {
  /** Unset, the game pays no gas here: the routes say so. */
  relayer?: Relayer
  /** Whose requests to relay a client's are, for their rate limit: its address, as every limit keys it. */
  clientKey: (c: Context) => string
  /** Whose budget a client's requests spend: its network (an IPv4 /24, an IPv6 /64), which one holder can fill. */
  networkKey: (c: Context) => string
  rateLimits: RateLimitStore
  limit?: RateLimit
}

const OFF = 'The game does not pay gas on this network: send the transaction from your wallet.'

/** Whether `error` is the chain's node failing to answer, or answering with an error of its own. */
const fromTheNode = (error: unknown) =>
  error instanceof BaseError &&
  Boolean(
    error.walk(
      (e) =>
        e instanceof HttpRequestError ||
        e instanceof TimeoutError ||
        e instanceof RpcRequestError ||
        e instanceof WebSocketRequestError,
    ),
  )

const NODE_DOWN =
  'The game’s relayer could not reach the chain’s node just now: try again in a moment, or send the transaction from your wallet.'

export function relayRoutes({ relayer, clientKey, networkKey, rateLimits, limit = DEFAULT_RELAY_LIMIT }: RelayDeps) {
  const requests = rateLimit(rateLimits('relay-requests', limit), 'requests to relay', clientKey)
  return (
    new Hono()
      .use(answerHeaders({ 'Cache-Control': 'no-store' }))
      // Whether the game pays gas here, and where the page sends what it signs.
      .get('/', (c) => {
        if (!relayer) return c.json({ on: false as const }, 200)
        const { paused } = relayer.figures()
        const { chainId, forwarder, gasCap } = relayer.policy
        return c.json({ on: true as const, paused, chainId, forwarder, gasCap: Number(gasCap) }, 200)
      })
      .post(
        '/',
        requests,
        limitBody(MAX_RELAY_BYTES, `A request to relay is limited to ${MAX_RELAY_BYTES} bytes; this one is larger.`),
        jsonBody,
        validJson(relayRequestSchema, (error) => {
          const issue = error.issues[0]
          const field = issue?.path.join('.') || 'the request'
          return `This request to relay cannot be read (${field}: ${issue?.message ?? 'invalid'}).`
        }),
        async (c) => {
          if (!relayer) return c.json({ error: OFF }, 404)
          const request = c.req.valid('json')
          let result: Awaited<ReturnType<Relayer['relay']>>
          try {
            result = await relayer.relay(request, { player: request.from, client: networkKey(c) })
          } catch (error) {
            // Every answer about the request itself is a refusal in words; what is left is the node failing.
            if (!fromTheNode(error)) throw error
            logOf(c).warn({ err: error }, 'the relayer’s node failed')
            return c.json({ error: NODE_DOWN }, 502)
          }
          if ('code' in result) return c.json({ error: result.message, code: result.code }, STATUS[result.code])
          c.header('Location', `/api/relay/${result.id}`)
          return c.json(result, 202)
        },
      )
      .get('/:id{[0-9]{1,15}}', async (c) => {
        const sent = relayer && (await relayer.status(Number(c.req.param('id'))))
        if (!sent) return c.json({ error: 'The relayer sent no such transaction.' }, 404)
        return c.json(sent, 200)
      })
  )
}
