import { formatEther } from 'viem'
import { formatCount } from '@/lib/format/count'
import type { MintInfo } from '../hooks/use-mint-info'
import styles from './price-summary.module.css'

export type PriceSummaryProps = {
  info: MintInfo | undefined
  chosen: number
  currency: string
  /** Why there is nothing to show, when there is not. */
  problem?: string
}

const amount = (wei: bigint, currency: string) => `${formatEther(wei)} ${currency.toUpperCase()}`

/** Supply as "minted / max", the price as base + customization, and the total. */
export function PriceSummary({ info, chosen, currency, problem }: PriceSummaryProps) {
  if (!info) {
    return (
      <p className={styles.pending} role="status">
        {problem ?? 'Reading supply and price from the chain…'}
      </p>
    )
  }
  const total = info.basePrice + BigInt(chosen) * info.customizationPrice
  const percent = info.maxSupply === 0n ? 100 : Number((info.minted * 1000n) / info.maxSupply) / 10
  return (
    <dl className={styles.summary}>
      <div className={styles.row}>
        <dt>Supply</dt>
        <dd>
          <span data-testid="supply">
            {formatCount(info.minted)} / {formatCount(info.maxSupply)}
          </span>{' '}
          minted
          <span className={styles.meter} aria-hidden="true">
            <span style={{ width: `${Math.max(percent, 1)}%` }} />
          </span>
        </dd>
      </div>
      <div className={styles.row}>
        <dt>Price</dt>
        <dd>
          {amount(info.basePrice, currency)} + {chosen} chosen {chosen === 1 ? 'trait' : 'traits'} ×{' '}
          {amount(info.customizationPrice, currency)}
        </dd>
      </div>
      <div className={`${styles.row} ${styles.total}`}>
        <dt>Total</dt>
        <dd data-testid="total">{amount(total, currency)}</dd>
      </div>
    </dl>
  )
}
