// The test wallet's side of JSON-RPC: the errors it answers a page with, the parameters it reads, and the calls it
// passes on to a chain's node, signed by the node or by the wallet itself.
import { setTimeout as sleep } from 'node:timers/promises'
import { sendSigned } from '@chainellation/contracts/send-signed'
import { BaseError, createWalletClient, type Hex, http, type RpcTransactionRequest } from 'viem'
import type { LocalAccount } from 'viem/accounts'

export type RpcError = { code: number; message: string; data?: unknown }
/** What the wallet answers the page: a result or an EIP-1193 error. */
export type Outcome = { result: unknown } | { error: RpcError }

/** How often a request is made at most when the wallet retries a provider's failures. */
const PROVIDER_ATTEMPTS = 5
const passingStatus = (status: unknown) => typeof status === 'number' && (status === 429 || status >= 500)

export const userRejected = (): RpcError => ({ code: 4001, message: 'User rejected the request.' })
// MetaMask's words for a request that arrives while the person has not answered an earlier one.
export const alreadyPending = (method: string): RpcError => ({
  code: -32002,
  message: `Request of type '${method}' already pending for origin. Please wait.`,
})
export const unauthorized = (): RpcError => ({
  code: 4100,
  message: 'The requested account and/or method has not been authorized by the user.',
})
export const invalidParams = (message: string): RpcError => ({ code: -32602, message })
const noNode = (chainId: number): Outcome => ({
  error: { code: -32603, message: `No node for chain ${chainId} in the test wallet.` },
})

/** The methods a wallet signs for one of its accounts. */
export const SIGNING = new Set(['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'])

/** The account a signing method acts for, from its parameters. */
export function signer(method: string, params: unknown[]): unknown {
  if (method === 'personal_sign') return params[1]
  if (method === 'eth_sendTransaction') return (params[0] as { from?: unknown } | undefined)?.from
  return params[0]
}

/** The chain id of `wallet_switchEthereumChain`'s or `wallet_addEthereumChain`'s parameters. */
export function chainIdParam(params: unknown[]): number | undefined {
  const [first] = params as { chainId?: unknown }[]
  const id = first?.chainId
  if (typeof id !== 'string' || !/^0x[0-9a-fA-F]+$/.test(id)) return undefined
  return Number.parseInt(id, 16)
}

export const toHex = (n: number) => `0x${n.toString(16)}`

/**
 * Sends the call to the node at `url` (none for a chain the wallet only knows by id), asking again after a provider's
 * passing failure when it `retries`.
 */
export async function forwardToNode(
  url: string | undefined,
  { id, method, params, chainId }: { id: number; method: string; params: unknown[]; chainId: number },
  retries: boolean,
): Promise<Outcome> {
  if (!url) return noNode(chainId)
  const payload = JSON.stringify({ jsonrpc: '2.0', id, method, params })
  const post = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload })
  let res = await post()
  for (let attempt = 2; retries && attempt <= PROVIDER_ATTEMPTS && passingStatus(res.status); attempt++) {
    await sleep(250 * attempt)
    res = await post()
  }
  const body = (await res.json()) as { result?: unknown; error?: RpcError }
  return body.error ? { error: body.error } : { result: body.result ?? null }
}

/**
 * Fills in what the page left out (nonce, gas, fees) from the node at `url`, signs with `account`, and sends it raw;
 * a signed transaction is sent again as it is after a provider's failure when the wallet `retries`.
 */
export async function signAndSend(
  url: string | undefined,
  { account, tx, chainId }: { account: LocalAccount; tx: RpcTransactionRequest; chainId: number },
  retries: boolean,
): Promise<Outcome> {
  if (!url) return noNode(chainId)
  // viem asks again after a provider's passing failure on reads when told to, never on a send.
  const client = createWalletClient({ account, transport: http(url, { retryCount: retries ? 3 : 0 }) })
  const big = (value: Hex | undefined) => (value === undefined ? undefined : BigInt(value))
  try {
    const request = await client.prepareTransactionRequest({
      chain: null,
      to: tx.to ?? undefined,
      data: tx.data ?? (tx as { input?: Hex }).input,
      value: big(tx.value),
      gas: big(tx.gas),
      nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
      ...(tx.maxFeePerGas !== undefined
        ? { maxFeePerGas: big(tx.maxFeePerGas), maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas) }
        : {}),
    })
    const serializedTransaction = await client.signTransaction({ ...request, chain: null })
    const hash = await sendSigned(client, serializedTransaction, { attempts: retries ? PROVIDER_ATTEMPTS : 1 })
    return { result: hash }
  } catch (error) {
    const cause =
      error instanceof BaseError ? error.walk((e) => typeof (e as { code?: unknown }).code === 'number') : undefined
    const code = (cause as { code?: number } | undefined)?.code ?? -32603
    return { error: { code, message: error instanceof BaseError ? error.shortMessage : String(error) } }
  }
}
