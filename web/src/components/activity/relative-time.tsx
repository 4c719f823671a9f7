import { useEffect, useState } from 'react'
import { exactTime, timeAgo } from '@/lib/discovery/relative-time'

/** How often "5 minutes ago" is brought up to date. */
const TICK_MS = 30_000

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** When something happened, relative to now ("5 minutes ago"), with the exact time as its title and machine value. */
export function RelativeTime({ at, className }: { at: number; className?: string }) {
  const [now, setNow] = useState(nowSeconds)
  useEffect(() => {
    const timer = setInterval(() => setNow(nowSeconds()), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  return (
    <time className={className} dateTime={new Date(at * 1000).toISOString()} title={exactTime(at)}>
      {timeAgo(at, now)}
    </time>
  )
}
