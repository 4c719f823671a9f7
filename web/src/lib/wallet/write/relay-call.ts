import {
  forwarderDomain,
  forwardRequestJson,
  forwardRequestTypes,
  prepareForwardRequest,
} from '@chainellation/contracts'
import { type Address, encodeFunctionData, type Hash } from 'viem'
import type { Config } from 'wagmi'
import { getClient, signTypedData } from 'wagmi/actions'
import { api } from '@/lib/api/client'
import type { RelayTerms, SponsoredCall } from './sponsor'
import { RelayRefusal } from './sponsored-write'

// A write the game pays the gas of, sent (docs/decisions/sponsored-writes.md): one of the write's own steps
// (write-steps.ts), fetched once a wallet can write rather than with the page.

/**
 * Has `from` sign `call` as a request for the game's forwarder and hands it to the relayer; resolves with the hash of
 * the transaction the relayer sent, or throws its refusal (`RelayRefusal`) or the wallet's error.
 */
export async function relayCall(
  config: Config,
  terms: Extract<RelayTerms, { on: true }>,
  from: Address,
  call: SponsoredCall,
): Promise<Hash> {
  const client = getClient(config, { chainId: terms.chainId })
  if (!client) throw new Error('The app does not know the chain the game pays gas on.')
  const data = encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args } as Parameters<
    typeof encodeFunctionData
  >[0])
  const message = await prepareForwardRequest(client, {
    from,
    to: call.address,
    data,
    forwarder: terms.forwarder,
    gasCap: terms.gasCap,
  })
  const signature = await signTypedData(config, {
    account: from,
    domain: forwarderDomain(terms.chainId, terms.forwarder),
    types: forwardRequestTypes,
    primaryType: 'ForwardRequest',
    message,
  })
  const json = forwardRequestJson(message, signature)
  const response = await api.relay.$post({ json })
  // One of the answers the route declares, or none: an answer on the way (a proxy's page) may carry no JSON.
  const body = await response.json().catch(() => undefined)
  if (response.ok && body && 'hash' in body && body.hash) return body.hash
  // A refusal says why (`error`) and, from the relayer itself, its code; any other answer is named by its status.
  const error = body && 'error' in body ? body.error : undefined
  const code = body && 'code' in body && typeof body.code === 'string' ? body.code : undefined
  throw new RelayRefusal(
    error ?? `The game’s relayer answered ${response.status}: pay the gas from your wallet instead.`,
    code ?? String(response.status),
  )
}
