import type { WalletList } from '@rainbow-me/rainbowkit'
import type { CreateConnectorFn } from 'wagmi'

export type WalletConnectorsParameters = {
  appName: string
  projectId: string
  /** The WalletConnect relay; unset, WalletConnect's public one. */
  relayUrl?: string
}

/**
 * wagmi's connectors for a RainbowKit wallet list, each carrying the `rkDetails` RainbowKit's modal lists it by:
 * what RainbowKit's `connectorsForWallets` builds. RainbowKit ships that function inside its one main module, with
 * its modals, so importing it would put all of RainbowKit in the part of the app that pages read the chain with
 * (docs/decisions/first-use.md). wallet-connectors.test.ts holds the two alike for the app's wallets.
 */
export function walletConnectors(
  walletList: WalletList,
  { appName, projectId, relayUrl }: WalletConnectorsParameters,
): CreateConnectorFn[] {
  if (!walletList.length) throw new Error('No wallet list was provided')
  const metadata = {
    name: appName,
    description: appName,
    url: typeof window !== 'undefined' ? window.location.origin : '',
    icons: [],
  }
  type Item = { wallet: Wallet; groupIndex: number; groupName: string; index: number }
  const visible: Item[] = []
  const mayHide: Item[] = []
  let index = -1
  for (const [groupIndex, { groupName, wallets }] of walletList.entries()) {
    if (!wallets.length) throw new Error(`No wallets provided for group: ${groupName}`)
    for (const createWallet of wallets) {
      index++
      // WalletConnect's own wallet reads `options`, the others (for their WalletConnect fallback) the parameters. The
      // SDK reports its events to WalletConnect's telemetry host unless told not to; the app sends no one telemetry
      // (docs/decisions/walletconnect.md), and the API's CSP lists no such host (server/src/http.ts).
      const walletConnect = { metadata, telemetryEnabled: false, ...(relayUrl && { relayUrl }) }
      const wallet = createWallet({
        projectId,
        appName,
        options: walletConnect,
        walletConnectParameters: walletConnect,
      })
      if (wallet.iconAccent && !/^#([0-9a-f]{3}){1,2}$/i.test(wallet.iconAccent))
        throw new Error(`Property \`iconAccent\` is not a hex value for wallet: ${wallet.name}`)
      const item = { wallet, groupIndex: groupIndex + 1, groupName, index }
      ;(typeof wallet.hidden === 'function' ? mayHide : visible).push(item)
    }
  }
  // The first wallet of an id is kept, those that may hide (an extension not installed) after every other.
  const seen = new Set<string>()
  const connectors: CreateConnectorFn[] = []
  for (const { wallet, groupIndex, groupName, index } of [...visible, ...mayHide]) {
    if (seen.has(wallet.id)) continue
    seen.add(wallet.id)
    if (typeof wallet.hidden === 'function' && wallet.hidden()) continue
    connectors.push(...connectorsOf(wallet, groupIndex, groupName, index))
  }
  return relayUrl ? connectors.map(withoutVerify) : connectors
}

type Connector = ReturnType<CreateConnectorFn>
/** The part of WalletConnect's provider that holds its Verify client (EthereumProvider → UniversalProvider → core). */
type WithVerify = { signer?: { client?: { core?: { verify?: { register: (...args: never[]) => Promise<unknown> } } } } }

/**
 * WalletConnect Verify vouches only for projects on the public relay, and with a relay of the deployment's own the
 * CSP refuses its frame (docs/decisions/walletconnect.md). The SDK still tries the frame before each session proposal
 * and each request and, as a refused frame never answers, waits its 5 s timeout every time: the QR code, and every
 * signature or transaction asked of a phone, came 5 s late. Its attestation is then empty; it is empty at once here.
 */
function withoutVerify(create: CreateConnectorFn): CreateConnectorFn {
  return (config) => {
    const connector = create(config)
    if (connector.type !== 'walletConnect') return connector
    const { getProvider } = connector
    return {
      ...connector,
      async getProvider(this: Connector, ...args: Parameters<Connector['getProvider']>) {
        const provider = await getProvider.apply(this, args)
        const verify = (provider as WithVerify | undefined)?.signer?.client?.core?.verify
        if (verify) verify.register = async () => ''
        return provider
      },
    } as Connector
  }
}

type Wallet = ReturnType<WalletList[number]['wallets'][number]>

function connectorsOf(wallet: Wallet, groupIndex: number, groupName: string, index: number): CreateConnectorFn[] {
  const { createConnector, hidden: _hidden, ...meta } = wallet
  const details = (extra?: Record<string, unknown>) => ({
    rkDetails: Object.fromEntries(
      Object.entries({ ...meta, groupIndex, groupName, index, isRainbowKitConnector: true, ...extra }).filter(
        ([, value]) => value !== undefined,
      ),
    ) as Parameters<typeof createConnector>[0]['rkDetails'],
  })
  // WalletConnect gets a second connector that opens WalletConnect's own QR modal, as RainbowKit's "Open" link.
  if (meta.id === 'walletConnect')
    return [
      createConnector(details({ isWalletConnectModalConnector: true, showQrModal: true })),
      createConnector(details()),
    ]
  return [createConnector(details())]
}
