import { useMemo } from 'react'
import { horizonFade, type Star, starField } from './star-field'
import styles from './star-sky.module.css'

export type StarSkyProps = { count?: number; seed?: number }

function Stars({ stars, className }: { stars: Star[]; className: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      {stars.map((s) => (
        <circle
          key={`${s.x}-${s.y}`}
          cx={`${s.x}%`}
          cy={`${s.y}%`}
          r={s.r}
          opacity={Math.round(s.opacity * horizonFade(s.y) * 100) / 100}
        />
      ))}
    </svg>
  )
}

/**
 * The fixed star field behind every page. Drawn once as SVG; the twinkle is two CSS opacity
 * animations on whole layers, so the compositor does the work and no script runs per frame. Stars thin out towards
 * the warm horizon glow at the bottom of the page, each by its own opacity (`horizonFade`).
 */
export function StarSky({ count = 170, seed = 15_000 }: StarSkyProps) {
  const [still, twinkleA, twinkleB] = useMemo(() => {
    const stars = starField(count, seed)
    const bright = stars.filter((s) => s.opacity >= 0.55)
    return [
      stars.filter((s) => s.opacity < 0.55),
      bright.filter((_, i) => i % 2 === 0),
      bright.filter((_, i) => i % 2 === 1),
    ]
  }, [count, seed])
  return (
    <div className={styles.sky} aria-hidden="true">
      <Stars stars={still} className={styles.layer} />
      <Stars stars={twinkleA} className={`${styles.layer} ${styles.twinkle}`} />
      <Stars stars={twinkleB} className={`${styles.layer} ${styles.twinkle} ${styles.late}`} />
      <span className={styles.shootingStar} />
    </div>
  )
}
