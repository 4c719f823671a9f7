import { type Chain, createWalletClient, type Hex, http, isHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

const keyItem = 'chainellation.localDevWallet.key'

/** This browser's own key, made on first use and kept in local storage. */
function loadKey(storage: Storage): Hex {
  const stored = storage.getItem(keyItem)
  if (stored && isHex(stored) && stored.length === 66) return stored
  const key = generatePrivateKey()
  storage.setItem(keyItem, key)
  return key
}

/** The local dev wallet's signing client: the browser's key, on the local chain's node. */
export function createLocalDevSigner(chain: Chain, storage: Storage) {
  return createWalletClient({
    account: privateKeyToAccount(loadKey(storage)),
    chain,
    transport: http(chain.rpcUrls.default.http[0]),
  })
}

export type LocalDevSigner = ReturnType<typeof createLocalDevSigner>
