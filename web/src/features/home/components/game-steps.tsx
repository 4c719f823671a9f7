import styles from './game-steps.module.css'
import { StepCard } from './step-card'

/** How the game goes, in three steps, each leading to its area. */
export function GameSteps() {
  return (
    <section className={styles.section} aria-labelledby="how-to-play">
      <h2 id="how-to-play" className={styles.heading}>
        How to play
      </h2>
      <ol className={styles.steps}>
        <StepCard step={1} icon="mint" title="Mint" to="/mint" action="Mint a sky">
          Mint a night sky of your own. Its art is drawn entirely by the contract, and it keeps the time zone you give
          it.
        </StepCard>
        <StepCard step={2} icon="stargaze" title="Stargaze" to="/stargaze" action="Start stargazing">
          When night falls where your sky lives, gaze at it. Each night reveals one more star of its secret
          constellation.
        </StepCard>
        <StepCard step={3} icon="compose" title="Compose" to="/compose" action="Compose a sky">
          Decorate your sky on three layers — a silhouette, something in the sky, an object — from free and owned
          decorations.
        </StepCard>
      </ol>
    </section>
  )
}
