import { useAccount } from 'wagmi'
import { ButtonLink } from '@/components/button-link'
import { SkyThumb } from '@/components/sky-thumb'
import { Button } from '@/components/ui/button'
import { CardLink } from '@/components/ui/card-link'
import { Panel } from '@/components/ui/panel'
import { useNearViewport } from '@/hooks/use-near-viewport'
import { NotDeployedNote, type OwnedSky, useGameChain, useMySkies, useSkyImages } from '@/lib/game'
import { useConnectModal } from '@/lib/wallet'
import styles from './compose-sky-page.module.css'

const PAGE = 12

/** The connected wallet's skies, to pick one from; or what stands in the way. */
export function SkyPicker() {
  const { isConnected } = useAccount()
  const { openConnectModal } = useConnectModal()
  const { deployed } = useGameChain()
  const skies = useMySkies()
  const pages: OwnedSky[][] = []
  for (let at = 0; at < (skies.data?.length ?? 0); at += PAGE) pages.push(skies.data?.slice(at, at + PAGE) ?? [])
  return !isConnected ? (
    <Panel variant="dashed" className={styles.note}>
      <p>Connect your wallet to see the skies you can decorate.</p>
      <Button onClick={() => openConnectModal?.()}>Connect wallet</Button>
    </Panel>
  ) : !deployed ? (
    <NotDeployedNote />
  ) : skies.error ? (
    <Panel variant="dashed" className={styles.note}>
      The chain did not answer; your skies will show when it does.
    </Panel>
  ) : !skies.data ? (
    <Panel variant="dashed" className={styles.note}>
      Looking for your skies…
    </Panel>
  ) : skies.data.length === 0 ? (
    <Panel variant="dashed" className={styles.note}>
      <p>You have no sky to decorate yet.</p>
      <ButtonLink to="/mint">Mint your first sky</ButtonLink>
    </Panel>
  ) : (
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
      <CardLink to={`/compose/${id}`} className={styles.pick} aria-label={`Compose sky #${id}`}>
        <SkyThumb id={id} meta={images.data?.[id.toString()]} failed={!!images.error} />
        <span className={styles.pickName}>Sky #{id.toString()}</span>
      </CardLink>
    </li>
  ))
}
