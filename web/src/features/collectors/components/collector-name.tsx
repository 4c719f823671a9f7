import type { Address } from 'viem'
import { displayName } from '@/lib/names/display-name'
import { useName } from '@/lib/names/use-name'
import styles from './collector-page.module.css'

/** The collector's ENS name and avatar once looked up, its short address until then (and without one). */
export function CollectorName({ address }: { address: Address }) {
  const name = useName(address)
  return (
    <span className={styles.name}>
      {name?.avatar && (
        <img className={styles.avatar} src={name.avatar} alt="" width={48} height={48} referrerPolicy="no-referrer" />
      )}
      {displayName(address, name?.name)}
    </span>
  )
}
