// A stand-in for Safe{Wallet}: a parent page of our own that frames the app and answers the Safe Apps SDK's
// messages as Safe{Wallet} does, backed by a real Safe on the local chain. Transactions the app sends are
// signed by the Safe's owners and, once enough have signed, executed through the Safe's `execTransaction`;
// messages are signed by the owners the way Safe{Wallet}'s off-chain signing does (ERC-1271 `SafeMessage`).

import { setTimeout as sleep } from 'node:timers/promises'
import {
  createSafe,
  executeSafeTransaction,
  multiSendCall,
  packSignatures,
  type SafeCall,
  type SafeContracts,
  type SafeTransaction,
  safeAbi,
  safeTransaction,
  safeTransactionTypedData,
  signSafeMessage,
  signSafeTransaction,
} from '@chainellation/contracts/safe'
import type { Page } from '@playwright/test'
import {
  type Address,
  createPublicClient,
  getAddress,
  type Hash,
  type Hex,
  hashMessage,
  hashTypedData,
  http,
  isHex,
  type LocalAccount,
  numberToHex,
  type PublicClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { PARENT_FRAME_ID } from './safe-parent'
import type { StackInfo } from './stack-env'

/** What the SDK sends: `{ id, method, params, env }`. */
export type SdkRequest = { id: string; method: string; params?: unknown; env?: { sdkVersion?: string } }
type SdkResponse = { id: string; success: boolean; version: string; data?: unknown; error?: string }

/** The version Safe{Wallet} puts on its answers; the SDK wants a major version of 1 or more. */
const HOST_VERSION = '1.30.0'

type Queued = {
  tx: SafeTransaction
  signatures: Map<Address, Hex>
  submittedAt: number
  /** The chain transaction that executed it, once sent. */
  txHash?: Hash
  status?: 'success' | 'reverted'
}

export type SafeHostOptions = {
  rpcUrl: string
  chainId: number
  contracts: SafeContracts
  safe: Address
  owners: LocalAccount[]
  threshold: number
  /** Owners that sign a transaction when the app proposes it (default: as many as the threshold). */
  proposers?: number
  /** Time between the owners signing and the execution being sent, as a person takes (default 1 s). */
  executeAfterMs?: number
  /**
   * Time Safe{Wallet} takes to say which Safe is open (default none). A busy browser can take seconds to pass the
   * SDK's first messages between the two pages.
   */
  infoDelayMs?: number
}

export class SafeHost {
  /** Every SDK request the app sent, in order. */
  readonly requests: SdkRequest[] = []
  readonly safe: Address
  private readonly queue = new Map<Hash, Queued>()
  private readonly client: PublicClient
  private readonly executions: Promise<unknown>[] = []

  constructor(readonly options: SafeHostOptions) {
    this.safe = getAddress(options.safe)
    this.client = createPublicClient({ transport: http(options.rpcUrl), pollingInterval: 100 }) as PublicClient
  }

  /** The methods the app called, in order. */
  get methods(): string[] {
    return this.requests.map((r) => r.method)
  }

  /** Safe transactions proposed so far, newest last. */
  get proposed(): Hash[] {
    return [...this.queue.keys()]
  }

  /**
   * Opens the parent page (served at `parentOrigin` by {@link startParentServer}) framing `appUrl`, and answers
   * the app's SDK messages. Resolves once the parent page has loaded.
   */
  async open(page: Page, { parentOrigin, appUrl }: { parentOrigin: string; appUrl: string }) {
    await page.exposeBinding('safeWalletHost', (_source, request: SdkRequest) => this.answer(request))
    await page.goto(`${parentOrigin}/?app=${encodeURIComponent(appUrl)}`)
    return page.frameLocator(`#${PARENT_FRAME_ID}`)
  }

  /** One SDK request answered as Safe{Wallet} would, errors included. */
  async answer(request: SdkRequest): Promise<SdkResponse> {
    this.requests.push(request)
    try {
      return { id: request.id, success: true, version: HOST_VERSION, data: await this.handle(request) }
    } catch (error) {
      return { id: request.id, success: false, version: HOST_VERSION, error: (error as Error).message }
    }
  }

  /** Another owner signs the Safe transaction; executed once the threshold is met. */
  async confirm(safeTxHash: Hash, owner: LocalAccount) {
    const queued = this.queue.get(safeTxHash)
    if (!queued) throw new Error(`no Safe transaction ${safeTxHash}`)
    queued.signatures.set(owner.address, await signSafeTransaction(owner, this.options.chainId, this.safe, queued.tx))
    this.executeWhenReady(safeTxHash, queued)
  }

  /** Resolves once every execution sent so far is mined. */
  async settled() {
    await Promise.all(this.executions)
  }

  private async handle({ method, params }: SdkRequest): Promise<unknown> {
    const { chainId, owners, threshold } = this.options
    switch (method) {
      case 'getSafeInfo':
        await sleep(this.options.infoDelayMs ?? 0)
        return {
          safeAddress: this.safe,
          chainId,
          threshold,
          owners: owners.map((o) => o.address),
          isReadOnly: false,
          nonce: Number(await this.nonce()),
        }
      case 'getChainInfo':
        return {
          chainName: 'Anvil',
          chainId: String(chainId),
          shortName: 'anvil',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
          blockExplorerUriTemplate: { address: '', txHash: '', api: '' },
        }
      case 'getEnvironmentInfo':
        return { origin: 'safe-wallet-stand-in' }
      case 'rpcCall': {
        const { call, params: callParams } = params as { call: string; params: unknown[] }
        return this.client.request({ method: call as never, params: callParams as never })
      }
      case 'sendTransactions':
        return this.propose(params as { txs: { to: string; value: string; data: string }[] })
      case 'getTxBySafeTxHash':
        return this.details((params as { safeTxHash: Hash }).safeTxHash)
      case 'signMessage': {
        const { message } = params as { message: string }
        return this.signHash(hashMessage(isHex(message) ? { raw: message } : message))
      }
      case 'signTypedMessage': {
        const { typedData } = params as { typedData: Parameters<typeof hashTypedData>[0] }
        return this.signHash(hashTypedData(typedData))
      }
      default:
        throw new Error(`${method} is not supported by this Safe{Wallet} stand-in`)
    }
  }

  private nonce() {
    return this.client.readContract({ address: this.safe, abi: safeAbi, functionName: 'nonce' })
  }

  private async propose({ txs }: { txs: { to: string; value: string; data: string }[] }) {
    if (!txs?.length) throw new Error('No transactions were passed')
    const calls: SafeCall[] = txs.map((t) => ({
      to: getAddress(t.to),
      value: BigInt(t.value || 0),
      data: (t.data || '0x') as Hex,
    }))
    const call = calls.length === 1 ? (calls[0] as SafeCall) : multiSendCall(this.options.contracts, calls)
    const waiting = [...this.queue.values()].filter((q) => !q.txHash).length
    const tx = safeTransaction(call, (await this.nonce()) + BigInt(waiting))
    const safeTxHash = hashTypedData(safeTransactionTypedData(this.options.chainId, this.safe, tx))
    const queued: Queued = { tx, signatures: new Map(), submittedAt: Date.now() }
    const proposers = this.options.owners.slice(0, this.options.proposers ?? this.options.threshold)
    for (const owner of proposers)
      queued.signatures.set(owner.address, await signSafeTransaction(owner, this.options.chainId, this.safe, tx))
    this.queue.set(safeTxHash, queued)
    this.executeWhenReady(safeTxHash, queued)
    return { safeTxHash }
  }

  private executeWhenReady(safeTxHash: Hash, queued: Queued) {
    if (queued.txHash || queued.signatures.size < this.options.threshold) return
    const executor = this.options.owners.find((o) => queued.signatures.has(o.address)) as LocalAccount
    const execution = (async () => {
      await sleep(this.options.executeAfterMs ?? 1000)
      const signatures = packSignatures([...queued.signatures].map(([signer, data]) => ({ signer, data })))
      queued.txHash = await executeSafeTransaction({
        rpcUrl: this.options.rpcUrl,
        safe: this.safe,
        tx: queued.tx,
        signatures,
        executor,
      })
      const receipt = await this.client.waitForTransactionReceipt({ hash: queued.txHash })
      queued.status = receipt.status
    })()
    this.executions.push(execution)
    return safeTxHash
  }

  /** `TransactionDetails` as Safe{Wallet}'s gateway describes a multisig transaction. */
  private details(safeTxHash: Hash) {
    if (!safeTxHash) throw new Error('Invalid safeTxHash')
    const queued = this.queue.get(safeTxHash)
    if (!queued) throw new Error(`No MultisigTransaction matches the given query: ${safeTxHash}`)
    const executed = queued.status !== undefined
    const txStatus = executed
      ? queued.status === 'success'
        ? 'SUCCESS'
        : 'FAILED'
      : queued.signatures.size < this.options.threshold
        ? 'AWAITING_CONFIRMATIONS'
        : 'AWAITING_EXECUTION'
    return {
      safeAddress: this.safe,
      txId: `multisig_${this.safe}_${safeTxHash}`,
      txStatus,
      txHash: executed ? queued.txHash : undefined,
      txInfo: { type: 'Custom', to: { value: queued.tx.to }, value: queued.tx.value.toString(), dataSize: '0' },
      detailedExecutionInfo: {
        type: 'MULTISIG',
        submittedAt: queued.submittedAt,
        nonce: Number(queued.tx.nonce),
        safeTxGas: '0',
        baseGas: '0',
        gasPrice: '0',
        gasToken: queued.tx.gasToken,
        refundReceiver: { value: queued.tx.refundReceiver },
        safeTxHash,
        signers: this.options.owners.map((o) => ({ value: o.address })),
        confirmationsRequired: this.options.threshold,
        confirmations: [...queued.signatures].map(([signer, signature]) => ({
          signer: { value: signer },
          signature,
          submittedAt: queued.submittedAt,
        })),
        trusted: true,
        proposer: { value: this.options.owners[0]?.address },
        proposedByDelegate: null,
      },
    }
  }

  /** Safe{Wallet}'s off-chain message signing: a signature once enough owners sign, else only the hash. */
  private async signHash(hash: Hex) {
    const { owners, threshold, chainId } = this.options
    const signers = owners.slice(0, this.options.proposers ?? threshold)
    if (signers.length < threshold) return { messageHash: hash }
    return { signature: await signSafeMessage(signers, chainId, this.safe, hash) }
  }
}

/**
 * A fresh Safe for one test, created through the stack's proxy factory: its own owners (new keys) and ETH,
 * so tests running side by side never share a Safe's nonce.
 */
export async function freshSafe(
  stack: StackInfo,
  rpc: (method: string, params: unknown[]) => Promise<unknown>,
  { owners: count = 1, threshold = 1 }: { owners?: number; threshold?: number } = {},
) {
  if (!stack.safes) throw new Error('the stack deployed no Safe contracts')
  const owners = Array.from({ length: count }, () => privateKeyToAccount(generatePrivateKey()))
  for (const owner of owners) await rpc('anvil_setBalance', [owner.address, numberToHex(10n ** 19n)])
  const safe = await createSafe({
    rpcUrl: stack.rpcUrl,
    contracts: stack.safes.contracts,
    owners: owners.map((o) => o.address),
    threshold,
    sender: owners[0] as LocalAccount,
    saltNonce: BigInt(Date.now()),
  })
  await rpc('anvil_setBalance', [safe.address, numberToHex(10n ** 19n)])
  return { address: safe.address, owners, threshold }
}
