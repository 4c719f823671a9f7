import { useEffect, useState } from 'react'
import { exactTime, timeAgo } from '@/lib/discovery/relative-time'

/** How often "5 minutes ago" is brought up to date. */
const TICK_MS = 30_000

const nowSeconds = () => Math.floor(Date.now() / 1000)

/**
 * When something happened, relative to now ("5 minutes ago"), with its machine value, and the exact time as its title
 * once a pointer comes to it: a title shows only then, and writing it is the page's first date format, which sets up
 * ICU (see relative-time.ts), so a feed drawn as the page starts does not pay for it.
 */
export function RelativeTime({ at, className }: { at: number; className?: string }) {
  const [now, setNow] = useState(nowSeconds)
  // The time a pointer came to, so that a time changed since is not titled with the old one.
  const [pointedAt, setPointedAt] = useState<number>()
  useEffect(() => {
    const timer = setInterval(() => setNow(nowSeconds()), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  return (
    <time
      className={className}
      dateTime={new Date(at * 1000).toISOString()}
      title={pointedAt === at ? exactTime(at) : undefined}
      onPointerEnter={() => setPointedAt(at)}
    >
      {timeAgo(at, now)}
    </time>
  )
}
