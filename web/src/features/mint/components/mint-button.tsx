import { formatEther } from 'viem'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import type { MintStatus } from '../utils/mint-status'
import styles from './mint-button.module.css'

export type MintButtonProps = {
  status: MintStatus
  /** The total to pay, in wei, once known. */
  total: bigint | undefined
  currency: string
  /** The game pays the gas of the account's writes (docs/decisions/sponsored-writes.md). */
  sponsored?: boolean
  onConnect: () => void
  onSwitchNetwork: () => void
}

const price = (total: bigint, currency: string, sponsored: boolean) =>
  total !== 0n
    ? `Mint for ${formatEther(total)} ${currency.toUpperCase()}`
    : sponsored
      ? 'Mint: free, the game pays the gas'
      : 'Mint for free'

/** The form's submit button; its label says what pressing it would do, or why it cannot. */
export function MintButton({
  status,
  total,
  currency,
  sponsored = false,
  onConnect,
  onSwitchNetwork,
}: MintButtonProps) {
  switch (status.kind) {
    case 'connect':
      return (
        <Button size="lg" className={styles.button} onClick={onConnect}>
          Connect wallet to mint
        </Button>
      )
    case 'wrong-network':
      return (
        <Button size="lg" className={styles.button} onClick={onSwitchNetwork}>
          Wrong network — switch
        </Button>
      )
    case 'ready':
      return (
        <Button type="submit" size="lg" className={styles.button}>
          {price(total ?? 0n, currency, sponsored)}
        </Button>
      )
    default:
      return (
        <Button type="submit" size="lg" className={styles.button} disabled aria-busy={busy.has(status.kind)}>
          {busy.has(status.kind) && <Spinner size="sm" />}
          {labels[status.kind]}
        </Button>
      )
  }
}

const labels = {
  'not-deployed': 'Not minting on this network',
  loading: 'Reading the price…',
  'sold-out': 'Sold out',
  'insufficient-funds': 'Insufficient funds',
  confirming: 'Confirm in your wallet…',
  minting: 'Minting…',
  'awaiting-safe': 'Waiting for your Safe…',
  minted: 'Minted!',
} as const

const busy = new Set<MintStatus['kind']>(['loading', 'confirming', 'minting', 'awaiting-safe'])
