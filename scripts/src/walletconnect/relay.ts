// A stand-in for WalletConnect's relay, for the tests: the public relay is out of reach here, so a phone wallet and
// the app meet on this one instead (the connector takes its URL from configuration). It speaks the relay's JSON-RPC
// over WebSocket as the WalletConnect clients of the app and of the tests' phone use it (the `irn` methods of
// @walletconnect/relay-api: subscribe, publish and their batch forms, fetch, and the deliveries it sends back; and
// `wc_proposeSession` and `wc_approveSession`, by which a newer client publishes a session's proposal, and its
// approval's two messages, in one request each, tagged as WalletConnect's Sign RPC methods are), keeps what is
// published to a topic for its time to live so that a client that subscribes or reconnects later still gets it, and
// refuses, and records, any method it does not know, so that a newer client's needs show up as a failing test rather
// than a hang.
import { createHash, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'

/**
 * A message published to a topic, as the relay delivers it (`irn_subscription`'s `data`), with who published it and
 * which clients acknowledged it: those are not sent it again.
 */
type Published = {
  topic: string
  message: string
  publishedAt: number
  tag: number
  expiresAt: number
  from: string
  acknowledged: Set<string>
}

type Request = { id: number | string; jsonrpc: '2.0'; method: string; params?: Record<string, unknown> }

export type RelayStandIn = {
  /** `ws://127.0.0.1:<port>`: the URL the app's and the wallet's clients take as their relay URL. */
  url: string
  /** Methods a client asked for that the stand-in does not know, in order: a test expects none. */
  unknown: () => string[]
  /** How many messages were published so far, to every topic. */
  published: () => number
  /** How many clients are subscribed to `topic` now: after a drop, both ends of a session once they are back. */
  subscribers: (topic: string) => number
  /**
   * Closes every client's socket as a relay that restarts does: the clients reconnect and resubscribe. With `topic`,
   * only the sockets subscribed to it (both ends of one session), so that a test drops its own session and not those
   * of the tests running beside it.
   */
  dropConnections: (topic?: string) => void
  /**
   * Takes `client` (its did:key, as its sign client's `core.crypto.getClientId()` gives it) off the network, as a
   * phone that locks or loses its signal is: its sockets close and it cannot connect again until `reachable`.
   */
  unreachable: (client: string) => void
  reachable: (client: string) => void
  /**
   * The next time `client` asks to subscribe, closes its socket instead of answering, as a relay that goes down again
   * while a client subscribes once more after a drop.
   */
  cutWhenSubscribing: (client: string) => void
  close: () => Promise<void>
}

/** The client a socket speaks for: the `iss` of the auth token it connected with (its did:key), else the socket. */
function clientOf(url: string | undefined): string {
  const auth = new URL(url ?? '/', 'ws://relay').searchParams.get('auth')
  const payload = auth?.split('.')[1]
  if (payload) {
    try {
      const { iss } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iss?: unknown }
      if (typeof iss === 'string') return iss
    } catch {}
  }
  return randomBytes(16).toString('hex')
}

/**
 * The relay's topics: what is published to each for its time to live, the sockets subscribed and their clients, the
 * deliveries awaiting an acknowledgement, and the answer to each of the relay's methods.
 */
function relayTopics() {
  const unknown: string[] = []
  const messages: Published[] = []
  /** Per socket, its client and its subscriptions by id. */
  const sockets = new Map<WebSocket, { client: string; subscriptions: Map<string, string> }>()
  let nextRequestId = Date.now() * 1000
  let count = 0
  /** The deliveries sent and not yet acknowledged, by their request's id. */
  const deliveries = new Map<number, { published: Published; client: string }>()

  const live = (now = Date.now()) => {
    for (let i = messages.length - 1; i >= 0; i--)
      if ((messages[i] as Published).expiresAt <= now) messages.splice(i, 1)
    return messages
  }

  /** Sends `published` to `socket` as a delivery on its subscription `id`, unless its client acknowledged it. */
  const deliver = (socket: WebSocket, id: string, published: Published) => {
    const client = sockets.get(socket)?.client ?? ''
    if (published.from === client || published.acknowledged.has(client)) return
    const { topic, message, publishedAt, tag } = published
    const request = nextRequestId++
    deliveries.set(request, { published, client })
    socket.send(
      JSON.stringify({
        id: request,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: { id, data: { topic, message, publishedAt, tag } },
      }),
    )
  }

  /** Subscribes `socket` to `topic`: an id, and what was published there by other clients delivered at once. */
  const subscribe = (socket: WebSocket, topic: string) => {
    const state = sockets.get(socket)
    if (!state) throw new Error('a closed socket subscribed')
    const existing = [...state.subscriptions].find(([, t]) => t === topic)?.[0]
    // As the relay derives it, and as a client that subscribes by `wc_proposeSession` or `wc_approveSession` files it.
    const id =
      existing ??
      createHash('sha256')
        .update(topic + state.client)
        .digest('hex')
    state.subscriptions.set(id, topic)
    // After the answer, as the relay does: the client files a delivery under a subscription it knows.
    setImmediate(() => {
      for (const published of live()) if (published.topic === topic) deliver(socket, id, published)
    })
    return id
  }

  const publish = (socket: WebSocket, params: Record<string, unknown>) => {
    const state = sockets.get(socket)
    const published: Published = {
      topic: String(params.topic),
      message: String(params.message),
      publishedAt: Date.now(),
      tag: Number(params.tag ?? 0),
      expiresAt: Date.now() + Number(params.ttl ?? 300) * 1000,
      from: state?.client ?? '',
      acknowledged: new Set(),
    }
    live().push(published)
    count++
    for (const [other, { subscriptions }] of sockets)
      for (const [id, topic] of subscriptions) if (topic === published.topic) deliver(other, id, published)
    return true
  }

  const unsubscribe = (socket: WebSocket, { topic, id }: { topic?: unknown; id?: unknown }) => {
    const subscriptions = sockets.get(socket)?.subscriptions
    if (!subscriptions) return true
    for (const [subscription, t] of subscriptions)
      if (subscription === id || (id === undefined && t === topic)) subscriptions.delete(subscription)
    return true
  }

  /** The answer to one request, by the relay's methods (@walletconnect/relay-api's `irn`). */
  const answer = (socket: WebSocket, { method, params = {} }: Request): unknown => {
    switch (method) {
      case 'irn_subscribe':
        return subscribe(socket, String(params.topic))
      case 'irn_batchSubscribe':
        return (params.topics as string[]).map((topic) => subscribe(socket, topic))
      case 'irn_unsubscribe':
        return unsubscribe(socket, params)
      case 'irn_batchUnsubscribe':
        for (const subscription of params.subscriptions as { topic: string; id: string }[])
          unsubscribe(socket, subscription)
        return true
      case 'irn_publish':
        return publish(socket, params)
      case 'irn_batchPublish':
        for (const message of params.messages as Record<string, unknown>[]) publish(socket, message)
        return true
      // The proposal on its pairing topic, to which the proposer is subscribed by it; the approval's answer to the
      // proposal there, and the session's settlement on the session's topic, to which the approver is subscribed by it.
      case 'wc_proposeSession':
        subscribe(socket, String(params.pairingTopic))
        return publish(socket, { ...params, topic: params.pairingTopic, message: params.sessionProposal, tag: 1100 })
      case 'wc_approveSession':
        subscribe(socket, String(params.sessionTopic))
        publish(socket, { ...params, topic: params.pairingTopic, message: params.sessionProposalResponse, tag: 1101 })
        return publish(socket, {
          ...params,
          topic: params.sessionTopic,
          message: params.sessionSettlementRequest,
          tag: 1102,
        })
      case 'irn_batchFetchMessages': {
        const topics = new Set(params.topics as string[])
        const client = sockets.get(socket)?.client
        const found = live().filter(
          (m) => topics.has(m.topic) && m.from !== client && !m.acknowledged.has(client ?? ''),
        )
        return {
          messages: found.map(({ topic, message, publishedAt, tag }) => ({ topic, message, publishedAt, tag })),
          hasMore: false,
        }
      }
      default:
        unknown.push(method)
        throw new Error(`The relay stand-in does not know ${method}.`)
    }
  }
  return { unknown, sockets, deliveries, answer, published: () => count }
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startRelayStandIn(): Promise<RelayStandIn> {
  const offline = new Set<string>()
  const cutWhenSubscribing = new Set<string>()
  // Plain HTTP on the same port is the tests' remote control (`relayControl`): the stand-in runs in the test runner's
  // process, the tests that drop its sockets in workers of their own.
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://relay')
    const client = url.searchParams.get('client') ?? ''
    const controls: Partial<Record<string, () => unknown>> = {
      'GET /control/unknown': () => standIn.unknown(),
      'POST /control/drop': () => standIn.dropConnections(url.searchParams.get('topic') ?? undefined),
      'POST /control/unreachable': () => standIn.unreachable(client),
      'POST /control/reachable': () => standIn.reachable(client),
    }
    const control = controls[`${req.method} ${url.pathname}`]
    res.writeHead(control ? 200 : 404, { 'content-type': 'application/json' })
    res.end(JSON.stringify(control ? (control() ?? null) : { error: `no control ${req.method} ${url.pathname}` }))
  })
  const server = new WebSocketServer({
    server: http,
    verifyClient: ({ req }: { req: { url?: string } }) => !offline.has(clientOf(req.url)),
  })
  await new Promise<void>((resolve, reject) => {
    http.once('listening', resolve)
    http.once('error', reject)
    http.listen(0, '127.0.0.1')
  })
  const { unknown, sockets, deliveries, answer, published } = relayTopics()
  /** Closes `socket` at once, and forgets it: its client counts again once it has connected and subscribed again. */
  const cut = (socket: WebSocket) => {
    socket.terminate()
    sockets.delete(socket)
  }

  server.on('connection', (socket, request) => {
    sockets.set(socket, { client: clientOf(request.url), subscriptions: new Map() })
    socket.on('close', () => sockets.delete(socket))
    socket.on('message', (data) => {
      let request: Request
      try {
        request = JSON.parse(String(data)) as Request
      } catch {
        return
      }
      const client = sockets.get(socket)?.client ?? ''
      if (/^irn_(batchS|s)ubscribe$/.test(String(request.method)) && cutWhenSubscribing.delete(client))
        return cut(socket)
      // An answer to what the stand-in sent: a delivery's acknowledgement.
      if (typeof request.method !== 'string') {
        const delivery = deliveries.get(Number(request.id))
        deliveries.delete(Number(request.id))
        if (delivery && 'result' in request) delivery.published.acknowledged.add(delivery.client)
        return
      }
      try {
        socket.send(JSON.stringify({ id: request.id, jsonrpc: '2.0', result: answer(socket, request) }))
      } catch (error) {
        socket.send(
          JSON.stringify({
            id: request.id,
            jsonrpc: '2.0',
            error: { code: -32601, message: (error as Error).message },
          }),
        )
      }
    })
  })

  const standIn: RelayStandIn = {
    url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`,
    unknown: () => [...unknown],
    published,
    subscribers: (topic) =>
      new Set([...sockets.values()].filter((s) => [...s.subscriptions.values()].includes(topic)).map((s) => s.client))
        .size,
    unreachable: (client) => {
      offline.add(client)
      for (const [socket, state] of sockets) if (state.client === client) cut(socket)
    },
    reachable: (client) => {
      offline.delete(client)
    },
    cutWhenSubscribing: (client) => {
      cutWhenSubscribing.add(client)
    },
    dropConnections: (topic) => {
      for (const [socket, { subscriptions }] of sockets)
        if (topic === undefined || [...subscriptions.values()].includes(topic)) cut(socket)
    },
    close: async () => {
      for (const socket of sockets.keys()) socket.terminate()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
  return standIn
}

/** The stand-in's controls from another process (a test worker), by its URL. */
export function relayControl(url: string) {
  const base = url.replace(/^ws/, 'http')
  const call = async (method: 'GET' | 'POST', path: string) => {
    const res = await fetch(`${base}/control/${path}`, { method })
    if (!res.ok) throw new Error(`the relay stand-in answered ${res.status} to ${path}`)
    return res.json() as Promise<unknown>
  }
  return {
    unknown: async () => (await call('GET', 'unknown')) as string[],
    dropConnections: (topic?: string) =>
      call('POST', topic === undefined ? 'drop' : `drop?topic=${encodeURIComponent(topic)}`).then(() => {}),
    unreachable: (client: string) => call('POST', `unreachable?client=${encodeURIComponent(client)}`).then(() => {}),
    reachable: (client: string) => call('POST', `reachable?client=${encodeURIComponent(client)}`).then(() => {}),
  }
}
