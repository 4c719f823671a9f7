// The relay stand-in against the WalletConnect client the app installs, on both ends: an app's sign client proposes a
// session, a wallet's pairs with its URI and approves, and requests, a relay that drops every socket, and a
// disconnect go through it as they do through the public relay.
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RelayStandIn, relayControl, startRelayStandIn } from './relay'

type Client = Awaited<ReturnType<typeof SignClient.init>>

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const METHODS = ['personal_sign', 'eth_sendTransaction']
const EVENTS = ['accountsChanged', 'chainChanged']

let relay: RelayStandIn
let app: Client
let wallet: Client

const init = (name: string) =>
  SignClient.init({
    projectId: 'chainellation-tests',
    relayUrl: relay.url,
    customStoragePrefix: name,
    metadata: { name, description: name, url: 'http://127.0.0.1', icons: [] },
    storageOptions: { database: ':memory:' },
    logger: 'silent',
  })

/** The next time `client` emits `event`. */
const next = <T>(client: Client, event: Parameters<Client['once']>[0]) =>
  new Promise<T>((resolve) => client.once(event, resolve as never))

beforeAll(async () => {
  relay = await startRelayStandIn()
  ;[app, wallet] = await Promise.all([init('app'), init('wallet')])
  // The wallet answers every request by echoing its method, as a phone wallet would sign.
  wallet.on('session_request', async ({ topic, id, params }) => {
    await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: `signed ${params.request.method}` } })
  })
})
afterAll(async () => {
  await Promise.all([app?.core.relayer.transportClose(), wallet?.core.relayer.transportClose()])
  await relay?.close()
})

describe('the WalletConnect relay stand-in', () => {
  let topic: string

  it('pairs a wallet with the URI an app shows, and settles the session the wallet approves', async () => {
    const { uri, approval } = await app.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: METHODS, events: EVENTS } },
    })
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    const proposal = next<{ id: number }>(wallet, 'session_proposal')
    await wallet.pair({ uri: uri as string })
    const { id } = await proposal
    await wallet.approve({
      id,
      namespaces: { eip155: { accounts: [`eip155:31337:${ACCOUNT}`], methods: METHODS, events: EVENTS } },
    })
    const session = await approval()
    topic = session.topic
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${ACCOUNT}`])
  })

  it('carries a request to the wallet and its answer back', async () => {
    const answer = await app.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT] },
    })
    expect(answer).toBe('signed personal_sign')
  })

  it('lets both ends resume the session when the relay drops every socket', async () => {
    const published = relay.published()
    relay.dropConnections()
    // Both clients come back by themselves and subscribe to the session again; nothing is published meanwhile.
    await expect.poll(() => relay.subscribers(topic), { timeout: 10_000 }).toBe(2)
    expect(relay.published()).toBe(published)
    // And again, asked from outside the process, as a test worker asks the stand-in the runner started.
    await relayControl(relay.url).dropConnections()
    expect(relay.subscribers(topic)).toBe(0)
    await expect.poll(() => relay.subscribers(topic), { timeout: 10_000 }).toBe(2)
    const answer = await app.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: ACCOUNT, value: '0x0' }] },
    })
    expect(answer).toBe('signed eth_sendTransaction')
  })

  it('drops only the sockets of one session when asked for its topic', async () => {
    // A client of another test, subscribed to a topic of its own over a plain socket.
    const other = new WebSocket(relay.url)
    await new Promise((resolve) => other.addEventListener('open', resolve, { once: true }))
    const subscribed = new Promise((resolve) => other.addEventListener('message', resolve, { once: true }))
    other.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: 'another' } }))
    await subscribed
    await relayControl(relay.url).dropConnections(topic)
    expect(relay.subscribers(topic)).toBe(0)
    expect(relay.subscribers('another')).toBe(1)
    expect(other.readyState).toBe(WebSocket.OPEN)
    await expect.poll(() => relay.subscribers(topic), { timeout: 10_000 }).toBe(2)
    other.close()
  })

  it('tells the app when the wallet disconnects, and knew every method the clients asked for', async () => {
    const deleted = next<{ topic: string }>(app, 'session_delete')
    await wallet.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    expect((await deleted).topic).toBe(topic)
    expect(relay.unknown()).toEqual([])
    expect(await relayControl(relay.url).unknown()).toEqual([])
  })
})
