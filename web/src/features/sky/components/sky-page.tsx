import { useMemo, useState } from 'react'
import { useDocumentTitle } from '@/components/use-document-title'
import { lazyIsland, WalletIsland } from '@/lib/shell'
import { sharedSkyChainId, useSharedSky } from '../hooks/use-shared-sky'
import type { SkyRead } from '../utils/sky-read'
import { SkyHistory } from './sky-history'
import styles from './sky-page.module.css'
import { SkyView } from './sky-view'
import { StreakWaiting } from './streak-waiting'

// The chain read is code of its own, fetched with the wallet stack (see WalletIsland).
const SkyChainRead = lazyIsland(async () => (await import('./sky-chain-read')).SkyChainRead)
// The streak reads the index and the chain's clock: with the wallet stack too.
const SkyStreak = lazyIsland(async () => (await import('./sky-streak')).SkyStreak)
// Its owner's reminder asks the API and the browser, as the player's session: with the wallet stack too.
const SkyReminder = lazyIsland(async () => (await import('@/components/reminder-toggle')).ReminderToggle)

export type SkyPageProps = { skyId: bigint }

/**
 * /sky/:skyId — one sky to share: as the chain draws it, its traits, its owner and its files. No wallet needed.
 * The API's read of the sky (one request, no wallet stack) draws it first; the chain read of the wallet island
 * takes over once the stack has loaded, on the wallet's chain, with the connected account's "you".
 */
export function SkyPage({ skyId }: SkyPageProps) {
  useDocumentTitle(`Night sky #${skyId}`)
  const { sky: sharedSky, picture } = useSharedSky(skyId)
  const [chainRead, setChainRead] = useState<SkyRead>()
  const read = useMemo((): SkyRead => {
    const fromChain = chainRead?.skyId === skyId ? chainRead : undefined
    // The API read the app's first chain: it stands in while the chain read of that same chain is under way.
    const sameChain = (fromChain?.chainId ?? sharedSkyChainId) === sharedSkyChainId
    const fromApi = sameChain ? sharedSky : undefined
    const found = fromApi?.status === 'found' ? fromApi : undefined
    const meta = fromChain?.meta ?? found?.meta
    return {
      skyId,
      chainId: fromChain?.chainId ?? sharedSkyChainId,
      deployed: fromChain?.deployed ?? true,
      missing: (fromChain?.missing ?? false) || (!meta && fromApi?.status === 'missing'),
      meta,
      picture: sameChain ? picture : undefined,
      owner: fromChain?.owner ?? found?.owner,
      ownerName: fromChain?.ownerName,
      yours: fromChain?.yours ?? false,
      failed: (fromChain?.failed ?? false) && !meta,
      retry: fromChain?.retry,
      retrying: fromChain?.retrying,
    }
  }, [skyId, sharedSky, picture, chainRead])
  return (
    <>
      <WalletIsland load={SkyChainRead.load} fallback={null}>
        <SkyChainRead
          skyId={skyId}
          shownOwner={sharedSky?.status === 'found' ? sharedSky.owner : undefined}
          onRead={setChainRead}
        />
      </WalletIsland>
      <SkyView
        read={read}
        history={<SkyHistory skyId={skyId} />}
        streak={
          <WalletIsland load={SkyStreak.load} fallback={<StreakWaiting />}>
            <SkyStreak skyId={skyId} />
          </WalletIsland>
        }
        reminder={
          <WalletIsland load={SkyReminder.load} fallback={null}>
            <SkyReminder skyId={skyId} className={styles.reminder} />
          </WalletIsland>
        }
      />
    </>
  )
}
