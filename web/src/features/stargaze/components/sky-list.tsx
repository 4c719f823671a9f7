import type { QueryKey } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { useAccount } from 'wagmi'
import { Button } from '@/components/ui/button'
import { Note } from '@/components/ui/note'
import { GasNote, SafeProgressNote, WriteErrorNote } from '@/components/write-notes'
import { nextGazeAt, type OwnedSky, useChainNow } from '@/lib/game'
import { useGaze } from '../hooks/use-gaze'
import { useGazeTarget } from '../hooks/use-gaze-target'
import { useStreaks } from '../hooks/use-streaks'
import { chunk, EAGER_CHUNKS } from '../utils/chunks'
import { CalendarPanel } from './calendar-panel'
import styles from './my-skies.module.css'
import { SkyChunk } from './sky-chunk'
import { SkyViewer } from './sky-viewer'

export type SkyListProps = {
  skies: readonly OwnedSky[]
  /** The query the skies came from, refreshed after a gaze. */
  queryKey: QueryKey
  /** The sky a reminder's link named (`?gaze=`): brought into view, its Gaze button focused once ready. */
  target?: bigint
}

/** Your skies' cards, with the chain's clock that says which skies are ready. */
export function SkyList({ skies, queryKey, target }: SkyListProps) {
  const clock = useChainNow()
  const { address } = useAccount()
  const streaks = useStreaks(address)
  const { state, gaze, gazeMany, payGas } = useGaze([queryKey, clock.queryKey, ['readContracts']])
  const [busyIds, setBusyIds] = useState<readonly bigint[]>([])
  // The skies of the last gaze sent, which paying its gas from the wallet sends again.
  const lastIds = useRef<readonly bigint[]>([])
  const [viewing, setViewing] = useState<number>()
  const headingId = useId()
  useGazeTarget(target)

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
      {target !== undefined && !ids.includes(target) && (
        <Note tone="warning">
          Night sky #{target.toString()} is not among this wallet&rsquo;s skies: connect the wallet that holds it to
          gaze.
        </Note>
      )}
      <CalendarPanel />
      <SafeProgressNote state={state} />
      <GasNote reserve />
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
            target={target}
          />
        ))}
      </ul>
      {viewing !== undefined && (
        <SkyViewer ids={ids} index={viewing} onNavigate={setViewing} onClose={() => setViewing(undefined)} />
      )}
    </section>
  )
}
