import type { Address } from 'viem'
import { useAccount } from 'wagmi'
import { Button } from '@/components/ui/button'
import { Panel } from '@/components/ui/panel'
import { displayName, useName } from '@/lib/names'
import { useChainModal, useConnectModal } from '@/lib/wallet'
import styles from './compose-sky-page.module.css'

export type AccessBannerProps = { owner: Address }

type Say = { text: string; action?: { label: string; onClick: () => void } }

/** Why the Compose page of a sky owned by `owner` shows it without letting this visitor change it, if it does. */
export function AccessBanner({ owner }: AccessBannerProps) {
  const { address, chain, isConnected } = useAccount()
  const { openConnectModal } = useConnectModal()
  const { openChainModal } = useChainModal()
  const someoneElses = isConnected && !!chain && owner.toLowerCase() !== address?.toLowerCase()
  // Looked up only when the banner shows the owner.
  const ownerName = useName(someoneElses ? owner : undefined)
  let say: Say | undefined
  if (!isConnected) {
    say = {
      text: 'Connect your wallet to decorate this sky. Here is how it looks now.',
      action: { label: 'Connect wallet', onClick: () => openConnectModal?.() },
    }
  } else if (!chain) {
    say = {
      text: 'Your wallet is on a network this game does not run on.',
      action: { label: 'Switch network', onClick: () => openChainModal?.() },
    }
  } else if (someoneElses) {
    say = {
      text: `This sky belongs to ${displayName(owner, ownerName?.name)}: here are its decorations. Only its owner can change them.`,
    }
  }
  if (!say) return null
  return (
    <Panel variant="dashed" padding="sm" className={styles.banner} role="status">
      <p>{say.text}</p>
      {say.action && <Button onClick={say.action.onClick}>{say.action.label}</Button>}
    </Panel>
  )
}
