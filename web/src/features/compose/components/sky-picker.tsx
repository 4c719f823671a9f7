import { GameGate } from '@/components/game-gate'
import { SkyThumb } from '@/components/sky-thumb'
import { StateNote } from '@/components/state-note'
import { CardLink } from '@/components/ui/card-link'
import { useNearViewport } from '@/hooks/use-near-viewport'
import { type OwnedSky, useMySkies, useSkyImages } from '@/lib/game'
import styles from './compose-sky-page.module.css'

const PAGE = 12

/** The connected wallet's skies, to pick one from; or what stands in the way. */
export function SkyPicker() {
  const skies = useMySkies()
  return (
    <GameGate
      wallet={{ title: 'Connect to decorate', text: 'Connect your wallet to see the skies you can decorate.' }}
      reads={[skies]}
      loading="Looking for your skies…"
      silent="Your skies will show when it does."
    >
      {() =>
        skies.data?.length ? (
          <PickList skies={skies.data} />
        ) : (
          <StateNote title="No skies yet" link={{ label: 'Mint your first sky', to: '/mint' }}>
            You have no sky to decorate yet.
          </StateNote>
        )
      }
    </GameGate>
  )
}

/** Your skies, a page of images at a time. */
function PickList({ skies }: { skies: readonly OwnedSky[] }) {
  const pages: (readonly OwnedSky[])[] = []
  for (let at = 0; at < skies.length; at += PAGE) pages.push(skies.slice(at, at + PAGE))
  return (
    <ul className={styles.grid}>
      {pages.map((group) => (
        <PickPage key={group[0]?.id.toString()} skies={group} />
      ))}
    </ul>
  )
}

/** A page of skies to pick from, whose images load as it comes near. */
function PickPage({ skies }: { skies: readonly OwnedSky[] }) {
  const [ref, near] = useNearViewport<HTMLLIElement>('200px')
  const images = useSkyImages(
    skies.map((s) => s.id),
    near,
  )
  return skies.map(({ id }, i) => (
    <li key={id.toString()} ref={i === 0 ? ref : undefined}>
      <CardLink to={`/compose/${id}`} className={styles.pick} aria-label={`Compose night sky #${id}`}>
        <SkyThumb id={id} meta={images.data?.[id.toString()]} failed={!!images.error} />
        <span className={styles.pickName}>Night sky #{id.toString()}</span>
      </CardLink>
    </li>
  ))
}
