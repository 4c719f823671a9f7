import { useMemo } from 'react'
import { starField } from '../utils/star-field'

export type StarSkyProps = { count?: number; seed?: number }

/** Decorative background: a fixed star field behind the page. */
export function StarSky({ count = 140, seed = 15_000 }: StarSkyProps) {
  const stars = useMemo(() => starField(count, seed), [count, seed])
  return (
    <svg className="star-sky" aria-hidden="true" focusable="false">
      {stars.map((s) => (
        <circle key={`${s.x}-${s.y}`} cx={`${s.x}%`} cy={`${s.y}%`} r={s.r} opacity={s.opacity} />
      ))}
    </svg>
  )
}
