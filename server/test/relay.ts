// Not imported by the server itself: what the relayer's tests share.
import { chainellationForwarderAbi, forwarderDomain, forwardRequestTypes } from '@chainellation/contracts'
import { type Address, type Client, type Hex, parseEther, type Transport } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { getBlock, readContract } from 'viem/actions'
import { anvil } from 'viem/chains'
import { createApp } from '../src/app'
import type { RelayConfig } from '../src/config'
import type { Database } from '../src/db'
import type { RelayBudgets } from '../src/relay/budgets'
import type { RelayRequest } from '../src/relay/policy'
import type { Relayer } from '../src/relay/relayer'

/** Budgets no test meets unless it sets one of them lower. */
export const ROOMY_BUDGETS: RelayBudgets = {
  playerWei: 10n ** 17n,
  clientWei: 10n ** 18n,
  allWei: 10n ** 19n,
  newcomersWei: 10n ** 19n,
  newPlayersPerMinute: 1_000,
}

/** The relayer's settings with the defaults' budgets, for tests of the route; the key is never used to sign. */
export const TEST_RELAY_CONFIG: RelayConfig = {
  privateKey: `0x${'11'.repeat(32)}`,
  budgets: {
    playerWei: parseEther('0.005'),
    clientWei: parseEther('0.02'),
    allWei: parseEther('0.5'),
    newcomersWei: parseEther('0.25'),
    newPlayersPerMinute: 1_000,
  },
  gasCap: 300_000n,
  minBalanceWei: parseEther('0.05'),
}

export type ForwardRequestOptions = {
  chainId: number
  forwarder: Address
  /** The game's contract it calls, and the call. */
  to: Address
  data: Hex
  /** A new account, with no ether, unless given. */
  player?: PrivateKeyAccount
  gas?: bigint
  /** Seconds from the chain's latest block. */
  deadlineIn?: number
  /** The signer's nonce on the forwarder, read from it unless given. */
  nonce?: bigint
}

/**
 * A request for the game's forwarder, signed by its player as a wallet signs it (EIP-712): as the relayer's functions
 * take it, and as the page posts it (numbers as decimal strings).
 */
export async function signForwardRequest(client: Client<Transport>, options: ForwardRequestOptions) {
  const { chainId, forwarder, to, data, gas = 200_000n, deadlineIn = 600 } = options
  const player = options.player ?? privateKeyToAccount(generatePrivateKey())
  const [block, nonce] = await Promise.all([
    getBlock(client),
    options.nonce ??
      readContract(client, {
        address: forwarder,
        abi: chainellationForwarderAbi,
        functionName: 'nonces',
        args: [player.address],
      }),
  ])
  const fields = { from: player.address, to, value: 0n, gas, deadline: Number(block.timestamp) + deadlineIn, data }
  const signature = await player.signTypedData({
    domain: forwarderDomain(chainId, forwarder),
    types: forwardRequestTypes,
    primaryType: 'ForwardRequest',
    message: { ...fields, nonce },
  })
  const request: RelayRequest = { ...fields, signature }
  return { player, nonce, request, body: { ...fields, value: '0', gas: gas.toString(), signature } }
}

/** The origin the relay tests' app is served from, which its writes name. */
export const RELAY_TEST_ORIGIN = 'http://localhost:5173'

/**
 * The API as the relay tests run it, on the local chain at `rpcUrl` with `relayer` (none: the game pays no gas), its
 * relay requests' rate limit out of the way; `trustedProxies` 1 takes each request's client from X-Forwarded-For.
 */
export function relayTestApp(options: {
  db: Database
  rpcUrl: string
  contracts: Record<string, Address>
  relayer: Relayer | undefined
  trustedProxies?: number
}) {
  const { db, rpcUrl, contracts, relayer, trustedProxies } = options
  return createApp({
    config: {
      chainId: anvil.id,
      contracts,
      auth: { origins: [RELAY_TEST_ORIGIN], chains: [{ chain: anvil, rpcUrl }] },
      relayRequests: { limit: 1_000, windowMs: 60_000 },
      ...(trustedProxies === undefined ? {} : { trustedProxies }),
    },
    db,
    relayer,
  })
}
