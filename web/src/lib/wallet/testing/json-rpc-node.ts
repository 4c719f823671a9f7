import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'

// A real HTTP server standing in for a chain's JSON-RPC endpoint in the web app's tests, whose answers the test sets.

export type RpcBody = { id: number; method: string; params?: unknown[] }
export type Answer = (res: ServerResponse, body: RpcBody, req: IncomingMessage) => void

const json = (res: ServerResponse, status: number, payload: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload))

/** Answers with `value` as the result. */
export const result =
  (value: unknown): Answer =>
  (res, { id }) =>
    json(res, 200, { jsonrpc: '2.0', id, result: value })

/** Answers with a JSON-RPC error, with HTTP status 200 unless given. */
export const rpcError =
  (code: number, status = 200, data?: string): Answer =>
  (res, { id }) =>
    json(res, status, { jsonrpc: '2.0', id, error: { code, message: `error ${code}`, data } })

/** Answers with an HTTP error status and a plain-text body, as a provider's gateway does. */
export const status =
  (code: number): Answer =>
  (res) =>
    res.writeHead(code, { 'content-type': 'text/plain', 'retry-after': '0' }).end(`status ${code}`)

/** Closes the connection without an answer, as a node going down does. */
export const hangUp: Answer = (_res, _body, req) => req.socket.destroy()

/** Never answers. */
export const silent: Answer = () => {}

export type JsonRpcNode = {
  url: string
  /** When each request arrived, in milliseconds since the epoch. */
  requests: number[]
  /** What the node answers from now on. */
  answer: Answer
  close: () => void
}

/** Starts a node on a free port of 127.0.0.1 that answers every request with `answer`. */
export async function startJsonRpcNode(answer: Answer): Promise<JsonRpcNode> {
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => {
      text += chunk
    })
    req.on('end', () => {
      node.requests.push(Date.now())
      node.answer(res, JSON.parse(text) as RpcBody, req)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const node: JsonRpcNode = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: [],
    answer,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
  return node
}

/**
 * For a test file: a function that starts a JSON-RPC node answering with `answer`, every node it started closed
 * after each test.
 */
export function nodesClosedAfterEach(): (answer: Answer) => Promise<JsonRpcNode> {
  const nodes: JsonRpcNode[] = []
  afterEach(() => {
    for (const node of nodes.splice(0)) node.close()
  })
  return async (answer) => {
    const node = await startJsonRpcNode(answer)
    nodes.push(node)
    return node
  }
}
