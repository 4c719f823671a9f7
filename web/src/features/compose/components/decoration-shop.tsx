import { formatEther } from 'viem'
import { Button } from '@/components/ui/button'
import { Note } from '@/components/ui/note'
import { SafeProgressNote } from '@/components/write-notes'
import type { WriteState } from '@/lib/wallet'
import type { TokenInfo } from '../hooks/use-decorations'
import { type DecorationOption, svgDataUrl } from '../utils/composition'
import styles from './decoration-shop.module.css'

export type DecorationShopProps = {
  options: readonly DecorationOption[]
  tokens: ReadonlyMap<number, TokenInfo>
  currency: string
  /** Whether the wallet can buy here (connected, on a supported chain). */
  canBuy: boolean
  state: WriteState
  busyId: number | undefined
  onMint: (option: DecorationOption, price: bigint) => void
}

const LAYER_NAMES = ['', 'Silhouette', 'Sky', 'Decoration']

/** Decoration tokens for sale: price and supply, and a button to mint one. */
export function DecorationShop({ options, tokens, currency, canBuy, state, busyId, onMint }: DecorationShopProps) {
  const forSale = options.filter((o) => !o.free && tokens.has(o.id))
  if (forSale.length === 0) return null
  return (
    <section className={styles.shop} aria-labelledby="shop-title">
      <h2 id="shop-title" className={styles.title}>
        Get more decorations
      </h2>
      <ul className={styles.list}>
        {forSale.map((o) => {
          const info = tokens.get(o.id) as TokenInfo
          const soldOut = info.minted >= info.maxSupply
          const busy = busyId === o.id && (state.status === 'confirming' || state.status === 'pending')
          return (
            <li key={o.id} className={styles.item}>
              <img className={styles.thumb} src={svgDataUrl(o.art)} alt="" width={64} height={64} />
              <div className={styles.text}>
                <span className={styles.name}>{o.name}</span>
                <span className={styles.meta}>
                  {LAYER_NAMES[o.layer]} · {info.minted.toString()} / {info.maxSupply.toString()} minted
                  {info.balance > 0n ? ` · you hold ${info.balance}` : ''}
                </span>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className={styles.buy}
                disabled={!canBuy || soldOut || busyId !== undefined}
                aria-busy={busy}
                onClick={() => onMint(o, info.price)}
              >
                {soldOut
                  ? 'Sold out'
                  : busy
                    ? state.status === 'confirming'
                      ? 'Confirm in wallet…'
                      : 'Minting…'
                    : info.price === 0n
                      ? `Mint ${o.name} for free`
                      : `Mint ${o.name} for ${formatEther(info.price)} ${currency.toUpperCase()}`}
              </Button>
            </li>
          )
        })}
      </ul>
      <SafeProgressNote state={state} />
      {state.status === 'error' && busyId === undefined && (
        <Note tone="error" role="alert">
          {state.message}
        </Note>
      )}
    </section>
  )
}
