import {
  type Address,
  type Chain,
  type EIP1193Provider,
  type Hex,
  numberToHex,
  ProviderRpcError,
  parseEther,
  type TypedDataDefinition,
} from 'viem'
import type { LocalDevSigner } from './local-dev-signer'

const connectedItem = 'chainellation.localDevWallet.connected'
/** Topped up to this on every connect, so a new player can always pay for gas. */
const funding = parseEther('100')

type Listener = (...args: unknown[]) => void
type TransactionRequest = { to?: Address; data?: Hex; value?: Hex; gas?: Hex }

/**
 * An EIP-1193 provider for the local chain whose key lives in this browser: it signs in the page and
 * funds itself on connect, so a new player needs no wallet extension. Everything else goes to the chain.
 */
export function createLocalDevProvider(chain: Chain, storage: Storage = window.localStorage): EIP1193Provider {
  // The key, the curve arithmetic that derives its address and the signing client are code of their own, fetched on
  // the first request that needs them: wagmi sets every connector up as the app starts, and a page load of a local
  // build would otherwise fetch and run them (~30 KB gzip) for a wallet that may never connect.
  let signer: Promise<LocalDevSigner> | undefined
  const walletClient = () => {
    signer ??= import('./local-dev-signer').then(({ createLocalDevSigner }) => createLocalDevSigner(chain, storage))
    return signer
  }
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  const connected = () => storage.getItem(connectedItem) === 'true'

  const fund = async () => {
    const wallet = await walletClient()
    const { account } = wallet
    const balance = BigInt(
      (await wallet.request({ method: 'eth_getBalance', params: [account.address, 'latest'] } as never)) as Hex,
    )
    if (balance >= funding / 10n) return
    await wallet.request({
      method: 'anvil_setBalance',
      params: [account.address, numberToHex(funding)],
    } as never)
  }

  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    const args = (params ?? []) as unknown[]
    const account = async () => (await walletClient()).account
    switch (method) {
      case 'eth_requestAccounts':
        await fund()
        storage.setItem(connectedItem, 'true')
        emit('connect', { chainId: numberToHex(chain.id) })
        return [(await account()).address]
      case 'eth_accounts':
        return connected() ? [(await account()).address] : []
      case 'eth_chainId':
        return numberToHex(chain.id)
      case 'net_version':
        return String(chain.id)
      case 'wallet_switchEthereumChain':
        if (Number((args[0] as { chainId: Hex }).chainId) === chain.id) return null
        throw new ProviderRpcError(new Error('The local dev wallet only knows the local chain.'), {
          code: 4902,
          shortMessage: 'Unrecognized chain.',
        })
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        return [{ parentCapability: 'eth_accounts' }]
      case 'wallet_revokePermissions':
        storage.removeItem(connectedItem)
        emit('accountsChanged', [])
        return null
      case 'personal_sign':
        return (await account()).signMessage({ message: { raw: args[0] as Hex } })
      case 'eth_signTypedData_v4':
        return (await account()).signTypedData(JSON.parse(args[1] as string) as TypedDataDefinition)
      case 'eth_sendTransaction': {
        const tx = args[0] as TransactionRequest
        return (await walletClient()).sendTransaction({
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        })
      }
      default:
        return (await walletClient()).request({ method, params } as never)
    }
  }

  return {
    request,
    on: (event: string, listener: Listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener: (event: string, listener: Listener) => {
      listeners.get(event)?.delete(listener)
    },
  } as EIP1193Provider
}
