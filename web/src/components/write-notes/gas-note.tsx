import { Button } from '@/components/ui/button'
import { useGasSponsorship, usePaysOwnGas } from '@/lib/wallet'
import styles from './gas-note.module.css'

export type GasNoteProps = {
  /**
   * Keep the note's place while whether the game pays is read. Where the note stands above what a player presses (a
   * list of skies), it arrived a moment after them and moved them down, and a press begun on a card could end beside
   * it and do nothing.
   */
  reserve?: boolean
}

/**
 * Under a write's button: whether the game pays the gas of the player's writes here (docs/decisions/
 * sponsored-writes.md), with the setting to pay it yourself, or why the wallet pays. Nothing where the game pays no
 * gas at all.
 */
export function GasNote({ reserve = false }: GasNoteProps) {
  const sponsorship = useGasSponsorship()
  const [choosesOwnGas, setPaysOwnGas] = usePaysOwnGas()
  const sponsored = (onChoose: () => void) => (
    <p className={styles.note}>
      Free, the game pays the gas: your wallet signs, and spends nothing.{' '}
      <Button variant="text" className={styles.action} onClick={onChoose}>
        Pay the gas myself
      </Button>
    </p>
  )
  const chosen = (onChoose: () => void) => (
    <p className={styles.note}>
      You pay the gas from your wallet.{' '}
      <Button variant="text" className={styles.action} onClick={onChoose}>
        Let the game pay it
      </Button>
    </p>
  )
  if (!sponsorship.known) {
    if (!reserve) return null
    // The words of the likely answer, unseen and out of reach: the player's own choice, else the game pays (an
    // ordinary wallet, the game's relayer on). Another answer differs from them by a line at most.
    const noop = () => {}
    return (
      <div className={styles.reserved} aria-hidden="true" inert>
        {choosesOwnGas ? chosen(noop) : sponsored(noop)}
      </div>
    )
  }
  if (sponsorship.sponsored) return sponsored(() => setPaysOwnGas(true))
  switch (sponsorship.reason) {
    case 'chosen':
      return chosen(() => setPaysOwnGas(false))
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
