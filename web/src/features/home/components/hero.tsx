import { ButtonLink } from '@/components/button-link'
import { useDeployment } from '@/lib/shell'
import styles from './hero.module.css'
import { SkyIllustration } from './sky-illustration'

/** The game's title screen: its name, what it is in one breath, and where to start. */
export function Hero() {
  const { displayName } = useDeployment()
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={styles.copy}>
        <p className={styles.eyebrow}>An on-chain game of night skies</p>
        <h1 id="home-title" className={styles.title}>
          {displayName}
        </h1>
        <p className={styles.lede}>
          Mint a night sky whose art is drawn entirely by its contract. Stargaze when night falls where it lives to
          reveal its secret constellation, one star a night. Then compose it with decorations of your own.
        </p>
        <div className={styles.actions}>
          <ButtonLink to="/mint">Mint your sky</ButtonLink>
          <ButtonLink to="/stargaze" variant="secondary">
            Go stargazing
          </ButtonLink>
        </div>
      </div>
      <SkyIllustration className={styles.art} />
    </section>
  )
}
