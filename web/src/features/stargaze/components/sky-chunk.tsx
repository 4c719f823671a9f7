import type { Streak } from '@chainellation/contracts/nights'
import { ReminderToggle } from '@/components/reminder-toggle'
import { useNearViewport } from '@/hooks/use-near-viewport'
import type { OwnedSky } from '@/lib/game'
import { useSkyImages } from '@/lib/game'
import { SkyCard } from './sky-card'

export type SkyChunkProps = {
  skies: readonly OwnedSky[]
  now: number | undefined
  busyIds: readonly bigint[]
  locked: boolean
  onGaze: (id: bigint) => void
  onOpen: (id: bigint) => void
  /** Read the images at once rather than when the page comes near (see EAGER_CHUNKS). */
  eager?: boolean
  /** Each sky's streak as the index counted it, by sky id. */
  streaks?: ReadonlyMap<number, Streak>
  /** The sky a reminder's link named. */
  target?: bigint
}

/** A page of your skies whose images are read together once the page comes within 200 px of the viewport, or at once. */
export function SkyChunk({
  skies,
  now,
  busyIds,
  locked,
  onGaze,
  onOpen,
  eager = false,
  streaks,
  target,
}: SkyChunkProps) {
  const [ref, near] = useNearViewport<HTMLElement>('200px')
  const images = useSkyImages(
    skies.map((s) => s.id),
    near || eager,
  )
  return skies.map(({ id, sky }, i) => (
    <li key={id.toString()}>
      <SkyCard
        id={id}
        sky={sky}
        now={now}
        meta={images.data?.[id.toString()]}
        imageFailed={!!images.error}
        busy={busyIds.includes(id)}
        locked={locked}
        onGaze={() => onGaze(id)}
        onOpen={() => onOpen(id)}
        cardRef={i === 0 ? ref : undefined}
        streak={streaks?.get(Number(id))}
        targeted={id === target}
        footer={<ReminderToggle skyId={id} />}
      />
    </li>
  ))
}
