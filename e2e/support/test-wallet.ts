import type { Page } from '@playwright/test'
import type { Hex, RpcTransactionRequest } from 'viem'
import { type LocalAccount, privateKeyToAccount } from 'viem/accounts'
import { BINDING, emitIn, injectProvider } from './test-wallet-page'
import {
  alreadyPending,
  chainIdParam,
  forwardToNode,
  invalidParams,
  type Outcome,
  SIGNING,
  signAndSend,
  signer,
  toHex,
  unauthorized,
  userRejected,
} from './test-wallet-rpc'

export type { Outcome } from './test-wallet-rpc'

/** Anvil's default accounts #0…#9 (public test keys); anvil signs for each of them. */
export const ANVIL_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
] as const

export type Address = `0x${string}`

export const TEST_WALLET_INFO = {
  uuid: '5b0b6f0e-2f7c-4c38-9d41-7a3f0c2b8e61',
  name: 'Test Wallet',
  icon: `data:image/svg+xml,${encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b1026"/><circle cx="16" cy="16" r="7" fill="#EA8F21"/></svg>',
  )}`,
  rdns: 'dev.chainellation.testwallet',
} as const

/** Chains a fresh MetaMask knows besides the ones a test adds: mainnet and Sepolia (no node behind them here). */
const WELL_KNOWN_CHAINS = [1, 11155111]

export type TestWalletOptions = {
  /** Node of the local chain; every call the wallet does not answer itself goes there. */
  rpcUrl: string
  /** The local chain's id. */
  localChainId?: number
  /** Chain the wallet is on at first; the local chain unless given. */
  chainId?: number
  /** Whether the wallet knows the local chain at first (if not, switching to it fails with 4902). */
  knowsLocalChain?: boolean
  /** The wallet's selected account; anvil's account #0 unless given. */
  account?: Address
  /**
   * Keys of accounts anvil does not hold (e.g. fresh ones that anvil impersonates to send their transactions):
   * the wallet signs messages for them itself.
   */
  privateKeys?: Hex[]
  /**
   * Sign transactions for the accounts it holds keys of and send them raw (`eth_sendRawTransaction`), as a real
   * wallet does, instead of asking the node to sign: for a chain whose node holds no keys (the rehearsal's).
   */
  signsTransactions?: boolean
  /**
   * Ask again when the node's provider fails a request with a 429 or a 5xx, as a real wallet's RPC layer does
   * (MetaMask's retries a 502, 503 or 504 up to five times); a signed transaction is sent again as it is. For a node
   * behind a provider that drops a share of requests (the rehearsal's). Without it, the page meets every failure.
   */
  retriesProviderFailures?: boolean
}

export type WalletRequest = { method: string; params: unknown[] }

/** A request the wallet keeps open, as a person who has not yet clicked Confirm or Reject. */
export type HeldRequest = {
  /** Resolves once the page has made the call. */
  arrived: Promise<WalletRequest>
  /**
   * The person confirms: the wallet answers as it would at this moment (it still signs only for its selected
   * account), on the chain the request was made on. Resolves with what the page was answered.
   */
  approve(): Promise<Outcome>
  /** The person clicks Reject (4001). */
  reject(): Promise<Outcome>
}

/** The faults a wallet can put in a page's way, by the name the fault reports give them. */
export const WALLET_FAULTS = {
  rejection: 'user rejection (4001)',
  pending: 'request already pending (-32002)',
  unknownChain: 'unknown chain (4902)',
  accountSwitch: 'account switched in the wallet',
  chainSwitch: 'chain switched in the wallet',
} as const

export type WalletFault = (typeof WALLET_FAULTS)[keyof typeof WALLET_FAULTS]

type Hold = {
  method: string
  arrive: (request: WalletRequest) => void
  decision: Promise<'approve' | 'reject'>
  answered: (outcome: Outcome) => void
}

/**
 * An EIP-1193 wallet in the page, announced by EIP-6963, that behaves like a browser extension:
 * it exposes no account until the page asks for one, switches only to chains it knows, and lets
 * the node (anvil, which holds the keys of its default accounts) sign and send. Its state lives in
 * Node, so it survives reloads and navigations the way an extension's does.
 */
export class TestWallet {
  /** Every request the page made, in order. */
  readonly requests: WalletRequest[] = []
  private connected = false
  private current: number
  private selected: Address
  private readonly chains = new Map<number, string | undefined>()
  private readonly rejections: string[] = []
  private readonly busy: string[] = []
  private readonly holds: Hold[] = []
  private readonly injected = new Map<WalletFault, number>()
  private readonly tampers: { method: string; change: (params: unknown[]) => unknown[] }[] = []
  private readonly pages = new Set<Page>()
  private readonly keys = new Map<string, LocalAccount>()
  private readonly signsTransactions: boolean
  private readonly retries: boolean

  constructor(options: TestWalletOptions) {
    this.signsTransactions = options.signsTransactions ?? false
    this.retries = options.retriesProviderFailures ?? false
    for (const key of options.privateKeys ?? []) this.learnKey(key)
    const local = options.localChainId ?? 31337
    for (const id of WELL_KNOWN_CHAINS) this.chains.set(id, undefined)
    if (options.knowsLocalChain ?? true) this.chains.set(local, options.rpcUrl)
    this.current = options.chainId ?? local
    if (!this.chains.has(this.current)) this.chains.set(this.current, undefined)
    this.selected = options.account ?? ANVIL_ACCOUNTS[0]
  }

  /** Injects the wallet into `page` (from its next navigation on) and announces it by EIP-6963. */
  async install(page: Page): Promise<this> {
    this.pages.add(page)
    page.once('close', () => this.pages.delete(page))
    await page.exposeBinding(BINDING, (_source, method: string, params: unknown[]) => this.handle(method, params))
    await injectProvider(page, TEST_WALLET_INFO)
    return this
  }

  /** The person connected on an earlier visit (the site remembers the wallet): `page` reconnects on its next load. */
  async rememberedBy(page: Page): Promise<void> {
    this.connected = true
    await page.addInitScript((rdns) => {
      // Not in a document without storage of its own (the blank page a new tab starts on).
      if (origin === 'null' || localStorage.getItem('e2e.remembered')) return
      localStorage.setItem('e2e.remembered', '1')
      localStorage.setItem('wagmi.recentConnectorId', JSON.stringify(rdns))
    }, TEST_WALLET_INFO.rdns)
  }

  /** The chain the wallet is on. */
  get chainId(): number {
    return this.current
  }

  /** The wallet's selected account. */
  get account(): Address {
    return this.selected
  }

  /** Whether the page has been given the account. */
  get isConnected(): boolean {
    return this.connected
  }

  /** Methods the page called, in order. */
  get methods(): string[] {
    return this.requests.map((r) => r.method)
  }

  /** The next call of `method` fails as if the person clicked Reject (code 4001). */
  rejectNext(method: string): void {
    this.rejections.push(method)
  }

  /** The next call of `method` fails as a wallet still showing an earlier request does (code -32002). */
  pendingNext(method: string): void {
    this.busy.push(method)
  }

  /** The next call of `method` stays open until the test approves or rejects it, as a prompt left unanswered. */
  holdNext(method: string): HeldRequest {
    const arrived = deferred<WalletRequest>()
    const decision = deferred<'approve' | 'reject'>()
    const answered = deferred<Outcome>()
    this.holds.push({ method, arrive: arrived.resolve, decision: decision.promise, answered: answered.resolve })
    const decide = async (choice: 'approve' | 'reject') => {
      await arrived.promise
      decision.resolve(choice)
      return answered.promise
    }
    return { arrived: arrived.promise, approve: () => decide('approve'), reject: () => decide('reject') }
  }

  /** The wallet now holds `privateKey` and signs messages for its account, which it returns. */
  learnKey(privateKey: Hex): Address {
    const account = privateKeyToAccount(privateKey)
    this.keys.set(account.address.toLowerCase(), account)
    return account.address
  }

  /** How many times each fault reached the page. */
  get faults(): ReadonlyMap<WalletFault, number> {
    return this.injected
  }

  private count(fault: WalletFault): void {
    this.injected.set(fault, (this.injected.get(fault) ?? 0) + 1)
  }

  /**
   * The next call of `method` goes out with its parameters changed, as if the person edited the request in
   * the wallet (e.g. the value of a transaction) after the page had checked it.
   */
  tamperNext(method: string, change: (params: unknown[]) => unknown[]): void {
    this.tampers.push({ method, change })
  }

  /** The person switches chains in the wallet: it learns the chain if new and emits `chainChanged`. */
  async setChain(chainId: number): Promise<void> {
    if (!this.chains.has(chainId)) this.chains.set(chainId, undefined)
    this.current = chainId
    this.count(WALLET_FAULTS.chainSwitch)
    await emitIn(this.pages, 'chainChanged', toHex(chainId))
  }

  /**
   * The person deletes network `chainId` from the wallet (as MetaMask allows); on it at the time, the wallet
   * falls back to mainnet. Switching to it again fails with 4902 until a page adds it.
   */
  async removeChain(chainId: number): Promise<void> {
    this.chains.delete(chainId)
    if (this.current === chainId) await this.setChain(1)
  }

  /** The person selects another account; a connected page hears `accountsChanged`. */
  async setAccount(account: Address): Promise<void> {
    this.selected = account
    if (this.connected) {
      this.count(WALLET_FAULTS.accountSwitch)
      await emitIn(this.pages, 'accountsChanged', [account])
    }
  }

  /** The person disconnects the site from within the wallet. */
  async disconnect(): Promise<void> {
    this.connected = false
    await emitIn(this.pages, 'accountsChanged', [])
  }

  /** Takes the first entry for `method` out of `list`; true if there was one. */
  private take(list: string[], method: string): boolean {
    const index = list.indexOf(method)
    if (index === -1) return false
    list.splice(index, 1)
    return true
  }

  private async handle(method: string, params: unknown[] = []): Promise<Outcome> {
    const request = { method, params }
    this.requests.push(request)
    const index = this.holds.findIndex((h) => h.method === method)
    const hold = index === -1 ? undefined : this.holds.splice(index, 1)[0]
    // A request is answered on the chain the wallet was on when it arrived, however long the person takes.
    const chainId = this.current
    let outcome: Outcome
    try {
      if (hold) {
        hold.arrive(request)
        if ((await hold.decision) === 'reject') {
          this.count(WALLET_FAULTS.rejection)
          outcome = { error: userRejected() }
        } else {
          outcome = await this.answer(method, params, chainId)
        }
      } else {
        outcome = await this.answer(method, params, chainId)
      }
    } catch (error) {
      outcome = { error: { code: -32603, message: error instanceof Error ? error.message : String(error) } }
    }
    hold?.answered(outcome)
    return outcome
  }

  private async answer(method: string, params: unknown[], chainId: number): Promise<Outcome> {
    if (this.take(this.rejections, method)) {
      this.count(WALLET_FAULTS.rejection)
      return { error: userRejected() }
    }
    if (this.take(this.busy, method)) {
      this.count(WALLET_FAULTS.pending)
      return { error: alreadyPending(method) }
    }
    switch (method) {
      case 'eth_accounts':
        return { result: this.connected ? [this.selected] : [] }
      case 'eth_requestAccounts':
        return { result: await this.grant() }
      case 'eth_chainId':
        return { result: toHex(this.current) }
      case 'net_version':
        return { result: String(this.current) }
      case 'wallet_requestPermissions':
        await this.grant()
        return { result: this.permissions() }
      case 'wallet_getPermissions':
        return { result: this.connected ? this.permissions() : [] }
      case 'wallet_revokePermissions':
        this.connected = false
        return { result: null }
      case 'wallet_switchEthereumChain': {
        const id = chainIdParam(params)
        if (id === undefined) return { error: invalidParams('Expected [{ chainId }]') }
        if (!this.chains.has(id)) {
          this.count(WALLET_FAULTS.unknownChain)
          return { error: { code: 4902, message: `Unrecognized chain ID "${toHex(id)}".` } }
        }
        await this.switchTo(id)
        return { result: null }
      }
      case 'wallet_addEthereumChain': {
        const id = chainIdParam(params)
        if (id === undefined) return { error: invalidParams('Expected [{ chainId, rpcUrls }]') }
        const [{ rpcUrls } = {}] = params as { rpcUrls?: string[] }[]
        // Like MetaMask: adding a chain also offers to switch to it, and the person accepts.
        this.chains.set(id, this.chains.get(id) ?? rpcUrls?.[0])
        await this.switchTo(id)
        return { result: null }
      }
    }
    if (SIGNING.has(method) && !this.mayActFor(signer(method, params))) return { error: unauthorized() }
    const key = method === 'personal_sign' && this.keys.get(String(params[1]).toLowerCase())
    if (key) return { result: await key.signMessage({ message: { raw: params[0] as Hex } }) }
    // eth_signTypedData_v4(address, typedData as JSON): an account whose key the node does not hold signs here.
    const typedKey = method === 'eth_signTypedData_v4' && this.keys.get(String(params[0]).toLowerCase())
    if (typedKey) return { result: await typedKey.signTypedData(JSON.parse(String(params[1]))) }
    const tamper = this.tampers.findIndex((t) => t.method === method)
    const sent = tamper === -1 ? params : (this.tampers.splice(tamper, 1)[0]?.change(params) ?? params)
    const holder =
      method === 'eth_sendTransaction' && this.signsTransactions && this.keys.get(this.selected.toLowerCase())
    const node = this.chains.get(chainId)
    const tx = sent[0] as RpcTransactionRequest
    if (holder) return signAndSend(node, { account: holder, tx, chainId }, this.retries)
    return forwardToNode(node, { id: this.requests.length, method, params: sent, chainId }, this.retries)
  }

  private async grant(): Promise<Address[]> {
    if (!this.connected) {
      this.connected = true
      await emitIn(this.pages, 'accountsChanged', [this.selected])
    }
    return [this.selected]
  }

  /** A wallet signs only for the account it gave the page. */
  private mayActFor(address: unknown): boolean {
    return this.connected && typeof address === 'string' && address.toLowerCase() === this.selected.toLowerCase()
  }

  private permissions() {
    return [
      {
        parentCapability: 'eth_accounts',
        caveats: [{ type: 'restrictReturnedAccounts', value: [this.selected] }],
        date: Date.now(),
      },
    ]
  }

  private async switchTo(chainId: number): Promise<void> {
    if (chainId === this.current) return
    this.current = chainId
    await emitIn(this.pages, 'chainChanged', toHex(chainId))
  }
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}
