// The relayer's metrics (docs/decisions/sponsored-writes.md): what became of the requests to relay, and the relayer's
// balance and queue as its keeper last read them, on the API's one registry (src/metrics.ts serves it).
import { Counter, Gauge } from 'prom-client'
import { type Address, formatEther } from 'viem'
import { REFUSAL_REASONS } from './policy'

/** What the relayer shows of itself in `/api/health` and `/metrics`, as the keeper last read it. */
export type RelayFigures = {
  on: true
  address: Address
  /** Its balance in wei, once read. */
  balanceWei?: bigint
  /** The balance below which it relays nothing (RELAY_MIN_BALANCE_ETH), in wei. */
  floorWei: bigint
  /** Whether its balance is below the floor, so that it relays nothing. */
  paused: boolean
  /** Its transactions not yet settled, every process's. */
  queued: number
  /** How long ago the oldest of them was first sent, in seconds; absent when none is out. */
  oldestQueuedSeconds?: number
}

let relayer: (() => RelayFigures) | undefined

/** Requests to relay, by what became of them: `sent`, `known` (sent before) or the refusal's code. */
export const relayRequests = new Counter({
  name: 'chainellation_relay_requests_total',
  help: 'Signed requests the relayer was asked to send, by outcome: sent, known (already sent), or why refused.',
  labelNames: ['outcome'],
})

/** Refusals of requests to relay by their finer reason (a budget by name, a nonce taken, too little gas, …). */
export const relayRefusals = new Counter({
  name: 'chainellation_relay_refusals_total',
  help: 'Signed requests the relayer refused before spending any gas, by reason.',
  labelNames: ['reason'],
})
for (const reason of REFUSAL_REASONS) relayRefusals.inc({ reason }, 0)

new Gauge({
  name: 'chainellation_relayer_balance_ether',
  help: 'The relayer’s balance, as its keeper last read it: below its floor it relays nothing.',
  collect() {
    this.reset()
    const balance = relayer?.().balanceWei
    if (balance !== undefined) this.set(Number(formatEther(balance)))
  },
})
new Gauge({
  name: 'chainellation_relayer_floor_ether',
  help: 'The balance below which the relayer relays nothing (RELAY_MIN_BALANCE_ETH).',
  collect() {
    this.reset()
    const figures = relayer?.()
    if (figures) this.set(Number(formatEther(figures.floorWei)))
  },
})
new Gauge({
  name: 'chainellation_relayer_queued_transactions',
  help: 'The relayer’s transactions sent and not yet settled from a receipt, every API process’s.',
  collect() {
    this.reset()
    const figures = relayer?.()
    if (figures) this.set(figures.queued)
  },
})
// A busy relayer has many transactions out, each for a few blocks; a stuck one has one out for long (its nonce
// holds back every later one): the queue's length cannot tell them apart, its oldest transaction's age can.
new Gauge({
  name: 'chainellation_relayer_oldest_queued_seconds',
  help: 'How long ago the relayer’s oldest transaction not yet settled was first sent (0 when none is out); replacements at higher fees do not reset it.',
  collect() {
    this.reset()
    const figures = relayer?.()
    if (figures) this.set(figures.oldestQueuedSeconds ?? 0)
  },
})
new Gauge({
  name: 'chainellation_relayer_paused',
  help: '1 while the relayer’s balance is below its floor and it relays nothing.',
  collect() {
    this.reset()
    const figures = relayer?.()
    if (figures) this.set(figures.paused ? 1 : 0)
  },
})

/** Reads the relayer's figures when metrics are scraped; the last app built in a process wins. */
export function watchRelayer(read: (() => RelayFigures) | undefined): void {
  relayer = read
}
