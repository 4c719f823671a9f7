import type { QueryKey } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { useAccount } from 'wagmi'
import { GameGate } from '@/components/game-gate'
import { StateNote } from '@/components/state-note'
import { Button } from '@/components/ui/button'
import { nextGazeAt, type OwnedSky, useChainNow, useMySkies } from '@/lib/game'
import { GasNote, SafeProgressNote, WriteErrorNote } from '@/lib/wallet'
import { useGaze } from '../hooks/use-gaze'
import { useStreaks } from '../hooks/use-streaks'
import { chunk, EAGER_CHUNKS } from '../utils/chunks'
import { CalendarPanel } from './calendar-panel'
import styles from './my-skies.module.css'
import { SkyChunk } from './sky-chunk'
import { SkyViewer } from './sky-viewer'

/** Your skies as cards, each with its Gaze button, and one button to gaze at every ready sky at once. */
export function MySkies() {
  const skies = useMySkies()
  return (
    <GameGate
      wallet={{
        title: 'Connect to see your skies',
        text: 'Your skies live in your wallet. Connect it to stargaze; everyone’s skies are one tab away.',
      }}
      reads={[skies]}
      loading="Looking for your skies…"
      silent="Your skies will show when it does."
    >
      {() =>
        skies.data?.length ? (
          <SkyList skies={skies.data} queryKey={skies.queryKey} />
        ) : (
          <StateNote title="No skies yet" link={{ label: 'Mint your first sky', to: '/mint' }}>
            Mint a night sky of your own, then come back at night to reveal its constellation, one star a night.
          </StateNote>
        )
      }
    </GameGate>
  )
}

/** The list itself, with the chain's clock that says which skies are ready. */
function SkyList({ skies, queryKey }: { skies: readonly OwnedSky[]; queryKey: QueryKey }) {
  const clock = useChainNow()
  const { address } = useAccount()
  const streaks = useStreaks(address)
  const { state, gaze, gazeMany, payGas } = useGaze([queryKey, clock.queryKey, ['readContracts']])
  const [busyIds, setBusyIds] = useState<readonly bigint[]>([])
  // The skies of the last gaze sent, which paying its gas from the wallet sends again.
  const lastIds = useRef<readonly bigint[]>([])
  const [viewing, setViewing] = useState<number>()
  const headingId = useId()

  const now = clock.now
  const ready = now === undefined ? [] : skies.filter((s) => (nextGazeAt(s.sky, now) ?? Infinity) <= now)
  // One gaze at a time: a gaze picked up after a reload (or from another tab) locks the buttons until it ends.
  const locked = busyIds.length > 0 || state.status === 'confirming' || state.status === 'pending'
  const run = async (ids: readonly bigint[], send: () => Promise<unknown>) => {
    lastIds.current = ids
    setBusyIds(ids)
    await send()
    setBusyIds([])
  }
  const ids = skies.map((s) => s.id)

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      {/* Each card is named by an h3: this puts them under the page's h1 without skipping a level (WCAG 2.1 SC 1.3.1). */}
      <h2 id={headingId} className="visually-hidden">
        Your skies
      </h2>
      <div className={styles.toolbar}>
        <p className={styles.count}>
          {skies.length} {skies.length === 1 ? 'sky' : 'skies'} · {ready.length} ready to gaze
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
      <CalendarPanel />
      <SafeProgressNote state={state} />
      <GasNote />
      <WriteErrorNote state={state} onPayGas={() => void run(lastIds.current, payGas)} />
      <ul className={styles.grid}>
        {chunk(skies).map((page, index) => (
          <SkyChunk
            key={page[0]?.id.toString()}
            eager={index < EAGER_CHUNKS}
            skies={page}
            now={now}
            busyIds={busyIds}
            locked={locked}
            onGaze={(id) => run([id], () => gaze(id))}
            onOpen={(id) => setViewing(ids.indexOf(id))}
            streaks={streaks.data}
          />
        ))}
      </ul>
      {viewing !== undefined && (
        <SkyViewer ids={ids} index={viewing} onNavigate={setViewing} onClose={() => setViewing(undefined)} />
      )}
    </section>
  )
}
