import { useState } from 'react'
import { useAccount } from 'wagmi'
import { StateNote } from '@/components/state-note'
import { Button } from '@/components/ui/button'
import { Note } from '@/components/ui/note'
import { NotDeployedNote, nextGazeAt, useChainNow, useGameChain, useMySkies } from '@/lib/game'
import { SafeProgressNote, useChainModal, useConnectModal } from '@/lib/wallet'
import { useGaze } from '../hooks/use-gaze'
import { chunk, EAGER_CHUNKS } from '../utils/chunks'
import styles from './my-skies.module.css'
import { SkyChunk } from './sky-chunk'
import { SkyViewer } from './sky-viewer'

/** Your skies as cards, each with its Gaze button, and one button to gaze at every ready sky at once. */
export function MySkies() {
  const { address, isConnected, chain } = useAccount()
  const { openConnectModal } = useConnectModal()
  const { openChainModal } = useChainModal()
  const { deployed } = useGameChain()
  const skies = useMySkies()
  const clock = useChainNow({ enabled: !!address })
  const { state, gaze, gazeMany } = useGaze([skies.queryKey, clock.queryKey, ['readContracts']])
  const [busyIds, setBusyIds] = useState<readonly bigint[]>([])
  const [viewing, setViewing] = useState<number>()

  if (!isConnected) {
    return (
      <StateNote
        title="Connect to see your skies"
        action={{ label: 'Connect wallet', onClick: () => openConnectModal?.() }}
      >
        Your skies live in your wallet. Connect it to stargaze; everyone’s skies are one tab away.
      </StateNote>
    )
  }
  if (!chain) {
    return (
      <StateNote title="Wrong network" action={{ label: 'Switch network', onClick: () => openChainModal?.() }}>
        Your wallet is on a network this game does not run on.
      </StateNote>
    )
  }
  if (!deployed) return <NotDeployedNote />
  if (skies.error) return <StateNote title="The chain did not answer">Your skies will show when it does.</StateNote>
  if (!skies.data) return <StateNote title="Looking for your skies…" busy />
  if (skies.data.length === 0) {
    return (
      <StateNote title="No skies yet" link={{ label: 'Mint your first sky', to: '/mint' }}>
        Mint a night sky of your own, then come back at night to reveal its constellation, one star a night.
      </StateNote>
    )
  }

  const now = clock.now
  const ready = now === undefined ? [] : skies.data.filter((s) => (nextGazeAt(s.sky, now) ?? Infinity) <= now)
  const locked = busyIds.length > 0
  const run = async (ids: readonly bigint[], send: () => Promise<unknown>) => {
    setBusyIds(ids)
    await send()
    setBusyIds([])
  }
  const ids = skies.data.map((s) => s.id)

  return (
    <section aria-label="Your skies" className={styles.section}>
      <div className={styles.toolbar}>
        <p className={styles.count}>
          {skies.data.length} {skies.data.length === 1 ? 'sky' : 'skies'} · {ready.length} ready to gaze
        </p>
        <Button
          disabled={ready.length === 0 || locked}
          onClick={() =>
            run(
              ready.map((s) => s.id),
              () => gazeMany(ready.map((s) => s.id)),
            )
          }
        >
          Gaze at all ready skies{ready.length > 0 ? ` (${ready.length})` : ''}
        </Button>
      </div>
      <SafeProgressNote state={state} />
      {state.status === 'error' && (
        <Note tone="error" role="alert">
          {state.message}
        </Note>
      )}
      <ul className={styles.grid}>
        {chunk(skies.data).map((page, index) => (
          <SkyChunk
            key={page[0]?.id.toString()}
            eager={index < EAGER_CHUNKS}
            skies={page}
            now={now}
            busyIds={busyIds}
            locked={locked}
            onGaze={(id) => run([id], () => gaze(id))}
            onOpen={(id) => setViewing(ids.indexOf(id))}
          />
        ))}
      </ul>
      {viewing !== undefined && (
        <SkyViewer ids={ids} index={viewing} onNavigate={setViewing} onClose={() => setViewing(undefined)} />
      )}
    </section>
  )
}
