import { useMemo } from 'react'
import { starField } from '@/components/star-field'
import styles from './sky-illustration.module.css'

export type SkyIllustrationProps = { className?: string }

// Cassiopeia's W: three stars gazed at so far, two still hidden.
const constellation = [
  { x: 112, y: 196, revealed: true },
  { x: 176, y: 252, revealed: true },
  { x: 250, y: 206, revealed: true },
  { x: 322, y: 262, revealed: false },
  { x: 394, y: 198, revealed: false },
]

/** A drawing of a sky mid-game, to show what you play for. Not a real token: the art of real skies comes from the chain. */
export function SkyIllustration({ className }: SkyIllustrationProps) {
  const stars = useMemo(() => starField(80, 7), [])
  return (
    <figure className={[styles.figure, className].filter(Boolean).join(' ')}>
      <svg className={styles.art} viewBox="0 0 512 512" role="img">
        <title>A night sky with three of its constellation's five stars revealed</title>
        <defs>
          <linearGradient id="sky-art-bg" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#0b1238" />
            <stop offset="0.55" stopColor="#24195a" />
            <stop offset="0.8" stopColor="#6b2f5c" />
            <stop offset="1" stopColor="#e0873a" />
          </linearGradient>
          <radialGradient id="sky-art-glow">
            <stop offset="0" stopColor="#ffd9a3" stopOpacity="0.9" />
            <stop offset="1" stopColor="#ea8f21" stopOpacity="0" />
          </radialGradient>
          <mask id="sky-art-moon">
            <circle cx="408" cy="104" r="30" fill="#fff" />
            <circle cx="422" cy="94" r="27" fill="#000" />
          </mask>
          <filter id="sky-art-haze" x="-20%" y="-100%" width="140%" height="300%">
            <feGaussianBlur stdDeviation="6" />
          </filter>
          <clipPath id="sky-art-frame">
            <rect width="512" height="512" rx="36" />
          </clipPath>
        </defs>
        <g clipPath="url(#sky-art-frame)">
          <rect width="512" height="512" fill="url(#sky-art-bg)" />
          {stars.map((s) => (
            <circle
              key={`${s.x}-${s.y}`}
              cx={s.x * 5.12}
              cy={s.y * 3.9}
              r={s.r * 1.2}
              fill="#fff"
              opacity={s.opacity}
            />
          ))}
          <rect width="512" height="512" fill="#fff" mask="url(#sky-art-moon)" opacity="0.92" />
          <g fill="#d9c9ff" opacity="0.16" filter="url(#sky-art-haze)">
            <ellipse cx="150" cy="330" rx="130" ry="18" />
            <ellipse cx="360" cy="345" rx="150" ry="14" />
            <ellipse cx="260" cy="318" rx="90" ry="10" />
          </g>
          {constellation.map((star) =>
            star.revealed ? (
              <g key={star.x} className={styles.revealed}>
                <circle cx={star.x} cy={star.y} r="22" fill="url(#sky-art-glow)" />
                <circle cx={star.x} cy={star.y} r="5" fill="#fff" />
              </g>
            ) : (
              <circle
                key={star.x}
                cx={star.x}
                cy={star.y}
                r="10"
                fill="none"
                stroke="#ffd7a1"
                strokeOpacity="0.7"
                strokeDasharray="3 4"
                strokeWidth="1.5"
              />
            ),
          )}
          <path d="M0 430C70 396 140 404 210 418s150 -34 230 -26 72 14 72 14V512H0z" fill="#0d1030" />
          <path d="M0 462c90 -30 170 -22 250 -10s170 -22 262 -6V512H0z" fill="#05060f" />
          <path d="M402 400a22 22 0 0 1 44 0z" fill="#05060f" />
          <rect x="398" y="399" width="52" height="20" fill="#05060f" />
          <path d="M421 381l16 -9" stroke="#05060f" strokeWidth="6" strokeLinecap="round" />
          <rect x="436" y="405" width="5" height="6" rx="1" fill="#ea8f21" opacity="0.9" />
        </g>
        <rect x="0.75" y="0.75" width="510.5" height="510.5" rx="35.5" fill="none" stroke="rgb(234 143 33 / 0.45)" />
      </svg>
      <figcaption className={styles.caption}>Each night's gaze reveals one more star.</figcaption>
    </figure>
  )
}
