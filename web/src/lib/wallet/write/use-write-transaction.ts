import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useRef, useState, useSyncExternalStore } from 'react'
import type { TransactionReceipt } from 'viem'
import { useConfig } from 'wagmi'
import { env } from '@/config/env'
import { addRecentTransaction } from '../kit-bridge'
import { safeAppsSdk } from '../utils/safe-app'
import { paysOwnGas } from './gas-choice'
import { minedBlocks } from './mined-blocks'
import { notifyWrite } from './notify'
import { gasReason } from './sponsor'
import { RelayRefusal } from './sponsored-write'
import { accountIsContractQuery, relayTermsQuery } from './use-gas-sponsorship'
import { createWriteMachine, writeSteps } from './write-machine'
import { IDLE } from './write-state'

type Options = {
  /** Names this kind of write so a pending one survives a reload (see `createWriteMachine`). */
  resumeKey?: string
  /** Queries the write changes, refreshed once it is mined. */
  invalidates?: QueryKey[]
  /** The description the mined receipt bears out (see `createWriteMachine`). */
  describeMined?: (receipt: TransactionReceipt, description: string) => string
}

/**
 * A page's write: the write machine (`write-machine.ts`) for this component, recording in RainbowKit's recent
 * transactions, notifying each step (`notify.tsx`) and refreshing the page's queries. Returns the state of the wallet's account and chain of the moment.
 */
export function useWriteTransaction({ resumeKey, invalidates = [], describeMined }: Options = {}) {
  const config = useConfig()
  const queryClient = useQueryClient()
  // The machine lives as long as the component; it reads the latest of what the page passes on each render.
  const latest = useRef({ invalidates, describeMined })
  latest.current = { invalidates, describeMined }
  const [machine] = useState(() =>
    createWriteMachine({
      config,
      resumeKey,
      record: addRecentTransaction,
      refresh: () =>
        Promise.all(latest.current.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
      describeMined: (receipt, written) => latest.current.describeMined?.(receipt, written) ?? written,
      safeSdk: () => safeAppsSdk(env.VITE_SAFE_ORIGINS),
      // The game pays the gas of a write that sends no ether, from an ordinary account, unless the player chose to
      // pay it (docs/decisions/sponsored-writes.md). Should the relayer's terms not be read, the wallet pays.
      sponsor: {
        covers: async (owner, call) => {
          if (call.value) return false
          const terms = await queryClient.fetchQuery(relayTermsQuery).catch(() => undefined)
          if (!terms) return false
          // The account's code last, read once per account (and shared with the pages' words), where nothing else
          // says no; should it not be read, the wallet pays.
          const choosesOwnGas = paysOwnGas()
          if (gasReason(terms, { chainId: owner.chainId, contract: false, choosesOwnGas })) return false
          return !(await queryClient.fetchQuery(accountIsContractQuery(config, owner)).catch(() => true))
        },
        send: async (owner, call) => {
          const terms = await queryClient.fetchQuery(relayTermsQuery)
          if (!terms.on)
            throw new RelayRefusal('The game no longer pays gas here: send the transaction from your wallet.', 'off')
          // Fetched with the machine's own steps, before it asks for this.
          const { relayCall } = await writeSteps()
          return relayCall(config, terms, owner.address, call)
        },
      },
      onUpdate: (update) => {
        // What indexes must reach before their answers show this write (the gallery asks again once they have).
        if (update.state.status === 'success' && update.state.receipt)
          minedBlocks.mined(update.chainId, update.state.receipt.blockNumber)
        notifyWrite(
          update,
          config.chains.find((chain) => chain.id === update.chainId),
        )
      },
    }),
  )
  const state = useSyncExternalStore(machine.subscribe, machine.getState, () => IDLE)
  return { state, write: machine.write, writeBatch: machine.writeBatch, reset: machine.reset, payGas: machine.payGas }
}
