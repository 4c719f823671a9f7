// The floor of a first sky's press on Mint: the same mint with no page, wallet or app around it. From this process, a
// new key does what the page does once Mint is pressed, and stops where the page could first know the sky is minted,
// at the receipt. The wallet paying: the mint transaction, prepared by viem as a wallet prepares one (its gas, fees and
// nonce read from the node), signed and sent raw. The game paying: the request the page makes, with the same three
// reads (`prepareForwardRequest`: the call's gas, the forwarder's nonce, the latest block), signed (ERC-2771, EIP-712)
// and handed to the API's relay route, then the relayer's transaction's receipt. Both ask for the receipt at once and
// then every LOCAL_POLLING_MS, as the app does on the local chain.
import {
  chainellationAbi,
  forwarderDomain,
  forwardRequestJson,
  forwardRequestTypes,
  prepareForwardRequest,
} from '@chainellation/contracts'
import type { Stack } from '@chainellation/scripts/stack'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  type Hash,
  type Hex,
  http,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'

/** How often the app asks the local chain for news (web/src/lib/wallet/config.ts). */
const LOCAL_POLLING_MS = 500
const ONE_ETHER = 10n ** 18n

/** What `GET /api/relay` says where the game pays gas. */
type RelayTerms = { on: true; chainId: number; forwarder: Address; gasCap: number } | { on: false }

const clients = (stack: Stack) => {
  const chain = { ...foundry, id: stack.chainId }
  return {
    chain,
    read: createPublicClient({ chain, transport: http(stack.rpcUrl) }),
    test: createTestClient({ chain, mode: 'anvil', transport: http(stack.rpcUrl) }),
  }
}

/** The receipt of `hash`, asked for at once and then every {@link LOCAL_POLLING_MS}, as the app asks. */
async function receiptOf(stack: Stack, hash: Hash) {
  const { read } = clients(stack)
  for (;;) {
    const receipt = await read.getTransactionReceipt({ hash }).catch(() => undefined)
    if (receipt) {
      if (receipt.status !== 'success') throw new Error(`the floor's mint ${hash} reverted`)
      return receipt
    }
    await new Promise((resolve) => setTimeout(resolve, LOCAL_POLLING_MS))
  }
}

const mintData = () => encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] })

/** A new key holding one ether sends its mint from here; milliseconds from the send's start to the receipt. */
export async function floorUnsponsored(stack: Stack): Promise<number> {
  const { chain, test } = clients(stack)
  const account = privateKeyToAccount(generatePrivateKey())
  await test.setBalance({ address: account.address, value: ONE_ETHER })
  const wallet = createWalletClient({ account, chain, transport: http(stack.rpcUrl) })
  const to = stack.deployment.contracts.Chainellation as Address
  const started = performance.now()
  const hash = await wallet.sendTransaction({ to, data: mintData(), value: 0n })
  await receiptOf(stack, hash)
  return performance.now() - started
}

/** A new key holding nothing has the game's relayer send its mint; milliseconds from the first read to the receipt. */
export async function floorSponsored(stack: Stack): Promise<number> {
  const { read } = clients(stack)
  const terms = (await (await fetch(`${stack.webUrl}/api/relay`)).json()) as RelayTerms
  if (!terms.on) throw new Error('the game pays no gas on the bench’s stack')
  const account = privateKeyToAccount(generatePrivateKey())
  const from = account.address
  const to = stack.deployment.contracts.Chainellation as Address
  const data: Hex = mintData()
  const started = performance.now()
  const message = await prepareForwardRequest(read, {
    from,
    to,
    data,
    forwarder: terms.forwarder,
    gasCap: terms.gasCap,
  })
  const signature = await account.signTypedData({
    domain: forwarderDomain(terms.chainId, terms.forwarder),
    types: forwardRequestTypes,
    primaryType: 'ForwardRequest',
    message,
  })
  const response = await fetch(`${stack.webUrl}/api/relay`, {
    method: 'POST',
    // The API takes writes from the app's own origin only (the page's requests carry it).
    headers: { 'content-type': 'application/json', origin: stack.webUrl },
    body: JSON.stringify(forwardRequestJson(message, signature)),
  })
  const body = (await response.json()) as { hash?: Hash; error?: string }
  if (!body.hash) throw new Error(`the relay refused the floor's mint (${response.status}): ${body.error}`)
  await receiptOf(stack, body.hash)
  return performance.now() - started
}
