import { ButtonLink } from './button-link'
import styles from './discovery-links.module.css'

/** The way to what every player is doing: the activity feed and the leaderboard (the header keeps the game's areas). */
export function DiscoveryLinks({ className }: { className?: string }) {
  return (
    <p className={[styles.links, className].filter(Boolean).join(' ')}>
      <ButtonLink to="/activity" variant="secondary" size="sm">
        All activity
      </ButtonLink>
      <ButtonLink to="/leaderboard" variant="quiet" size="sm">
        Leaderboard
      </ButtonLink>
    </p>
  )
}
