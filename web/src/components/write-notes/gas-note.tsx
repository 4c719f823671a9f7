import { Button } from '@/components/ui/button'
import { useGasSponsorship, usePaysOwnGas } from '@/lib/wallet'
import styles from './gas-note.module.css'

/**
 * Under a write's button: whether the game pays the gas of the player's writes here (docs/decisions/
 * sponsored-writes.md), with the setting to pay it yourself, or why the wallet pays. Nothing where the game pays no
 * gas at all.
 */
export function GasNote() {
  const sponsorship = useGasSponsorship()
  const [, setPaysOwnGas] = usePaysOwnGas()
  if (!sponsorship.known) return null
  if (sponsorship.sponsored)
    return (
      <p className={styles.note}>
        Free, the game pays the gas: your wallet signs, and spends nothing.{' '}
        <Button variant="text" className={styles.action} onClick={() => setPaysOwnGas(true)}>
          Pay the gas myself
        </Button>
      </p>
    )
  switch (sponsorship.reason) {
    case 'chosen':
      return (
        <p className={styles.note}>
          You pay the gas from your wallet.{' '}
          <Button variant="text" className={styles.action} onClick={() => setPaysOwnGas(false)}>
            Let the game pay it
          </Button>
        </p>
      )
    case 'contract':
      return (
        <p className={styles.note}>
          Your account is a contract (a Safe, or another smart account): it pays its own gas. The game pays the gas of
          ordinary wallets only, whose owner signs for them.
        </p>
      )
    case 'paused':
      return (
        <p className={styles.note}>
          The game cannot pay gas just now (its relayer is low on ether): your wallet pays it.
        </p>
      )
    default:
      return null
  }
}
