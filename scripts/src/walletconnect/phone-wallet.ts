// A phone wallet for the tests, on the WalletConnect sign client the app's connector uses: it pairs with the URI an
// app shows, holds a test key, and answers as a person holding a phone does: approves, rejects, takes its time, or
// goes away. Its signatures are real (viem's account), and what it sends it sends to the chain it is given.
import { setTimeout as sleep } from 'node:timers/promises'
import { SignClient } from '@walletconnect/sign-client'
import { createWalletClient, type Hex, http, type LocalAccount, type TypedDataDefinition } from 'viem'

/** How the person holding the phone answers each request. */
export type Answering = { mode: 'approve' } | { mode: 'reject' } | { mode: 'slow'; ms: number }

export type PhoneWalletOptions = {
  relayUrl: string
  account: LocalAccount
  chainId: number
  /** The chain's node, which the wallet sends its signed transactions to. */
  rpcUrl: string
  /** WalletConnect's methods and events the wallet offers; the usual EIP-155 ones by default. */
  methods?: string[]
  /** The chains the session names the account on: `chainId`'s by default, another to play a wallet on a wrong one. */
  sessionChainIds?: number[]
}

/** WalletConnect's "user rejected" (5000) with the words phone wallets send. */
const USER_REJECTED = { code: 5000, message: 'User rejected.' }

const DEFAULT_METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_accounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
]

export async function startPhoneWallet({
  relayUrl,
  account,
  chainId,
  rpcUrl,
  methods = DEFAULT_METHODS,
  sessionChainIds = [chainId],
}: PhoneWalletOptions) {
  const client = await SignClient.init({
    projectId: 'chainellation-tests',
    relayUrl,
    customStoragePrefix: `phone-${account.address}`,
    metadata: {
      name: 'Test phone wallet',
      description: 'A phone wallet for the tests',
      url: 'http://127.0.0.1',
      icons: [],
    },
    storageOptions: { database: ':memory:' },
    logger: 'silent',
  })
  const wallet = createWalletClient({ account, transport: http(rpcUrl) })
  const accounts = sessionChainIds.map((id) => `eip155:${id}:${account.address}`)
  let answering: Answering = { mode: 'approve' }
  /** What it was asked, in order, by method: a test's view of the phone's screen. */
  const asked: string[] = []

  /** The answer to one request, as the wallet would give it once the person approves. */
  async function perform(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'personal_sign':
        return account.signMessage({ message: { raw: params[0] as Hex } })
      case 'eth_signTypedData_v4':
        return account.signTypedData(JSON.parse(params[1] as string) as TypedDataDefinition)
      case 'eth_sendTransaction': {
        const [tx] = params as [{ to: Hex; data?: Hex; value?: Hex; gas?: Hex }]
        return wallet.sendTransaction({
          chain: null,
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        })
      }
      case 'eth_accounts':
        return [account.address]
      case 'eth_chainId':
        return `0x${(sessionChainIds[0] ?? chainId).toString(16)}`
      case 'wallet_switchEthereumChain': {
        const [{ chainId: wanted }] = params as [{ chainId: Hex }]
        if (sessionChainIds.includes(Number(wanted))) return null
        throw Object.assign(new Error('Unrecognized chain ID.'), { code: 4902 })
      }
      default:
        throw Object.assign(new Error(`The test wallet does not do ${method}.`), { code: 4200 })
    }
  }

  /**
   * Proposals and requests already on the phone's screen, by their JSON-RPC id. The relay delivers at least once: a
   * message the phone's client takes both from its subscription and from its fetch of what was waiting (on a busy
   * machine, the two can cross) is still one prompt, as a wallet keys its prompts by id, and answering it twice fails.
   */
  const shown = new Set<number>()
  const firstTime = (id: number) => !shown.has(id) && Boolean(shown.add(id))

  /**
   * How many times the client has come back to the relay and subscribed to its topics again (WalletConnect core's
   * `SUBSCRIBER_EVENTS.resubscribed`, emitted as its reconnection ends): a test that cuts the phone off again after a
   * drop waits for it, so that the two come one after the other.
   */
  let resubscriptions = 0
  client.core.relayer.subscriber.on('subscription_resubscribed', () => {
    resubscriptions += 1
  })

  client.on('session_proposal', async ({ id }) => {
    if (!firstTime(id)) return
    asked.push('session_proposal')
    if (answering.mode === 'reject') return void (await client.reject({ id, reason: USER_REJECTED }))
    if (answering.mode === 'slow') await sleep(answering.ms)
    const events = ['accountsChanged', 'chainChanged']
    await client.approve({ id, namespaces: { eip155: { accounts, methods, events } } })
  })

  client.on('session_request', async ({ topic, id, params }) => {
    if (!firstTime(id)) return
    const { method, params: args = [] } = params.request as { method: string; params?: unknown[] }
    asked.push(method)
    const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
      client.respond({ topic, response: { id, jsonrpc: '2.0', ...response } as never })
    if (answering.mode === 'reject') return void (await respond({ error: USER_REJECTED }))
    if (answering.mode === 'slow') await sleep(answering.ms)
    try {
      await respond({ result: await perform(method, args) })
    } catch (error) {
      const { code = -32000, message = String(error) } = error as { code?: number; message?: string }
      await respond({ error: { code, message } })
    }
  })

  return {
    address: account.address,
    /** Pairs with the URI an app shows (its QR code, or the link a phone opens). */
    pair: (uri: string) => client.pair({ uri }),
    /** How the next proposals and requests are answered. */
    answer: (next: Answering) => {
      answering = next
    },
    asked: () => [...asked],
    /** How many times it has come back to the relay and subscribed again (see above). */
    resubscriptions: () => resubscriptions,
    /** The topics of the sessions the wallet holds. */
    sessions: () => client.session.getAll().map((session) => session.topic),
    /** Ends a session from the phone, as its "Disconnect" does. */
    disconnect: (topic: string) => client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } }),
    /** The did:key it connects to the relay as (`RelayStandIn.unreachable` takes it off the network by it). */
    clientId: () => client.core.crypto.getClientId(),
    close: () => client.core.relayer.transportClose(),
  }
}

export type PhoneWallet = Awaited<ReturnType<typeof startPhoneWallet>>
