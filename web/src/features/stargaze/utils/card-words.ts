import type { Sky } from '@chainellation/art'
import { afterGaze, type Streak } from '@chainellation/contracts/nights'
import { streakWords } from '@chainellation/contracts/streak-words'
import { formatCountdown } from '@/lib/game'

/**
 * A card's streak in words at `now`, from the index's count and the chain's last gaze, which counts at once, before the
 * index has caught up with it. Nothing until both the count and the clock are read.
 */
export function cardStreak(sky: Sky, streak: Streak | undefined, now: number | undefined, completed: boolean) {
  if (!streak || now === undefined) return undefined
  const counted = sky.lastGaze ? afterGaze(streak, sky.lastGaze, sky.tzOffset) : streak
  return streakWords(counted, { now, tzOffset: sky.tzOffset, completed })
}

/** Where the card's sky stands for a gaze: complete, the clock not read yet, ready, or how long until it is. */
export function nextGazeWords(now: number | undefined, next: number | undefined, complete: string | undefined) {
  if (complete !== undefined) return complete
  if (now === undefined || next === undefined) return 'Reading the chain’s clock…'
  return next <= now ? 'Ready to gaze' : `Next gaze in ${formatCountdown(next - now)}`
}

/** The words of a reveal's moment: a new star, or the last one naming the constellation. */
export const revealWords = (whole: boolean, revealed: number, total: number, constellation: string | undefined) =>
  whole
    ? `Every star revealed: ${constellation ?? 'the constellation'} is complete!`
    : `A new star! ${revealed} of ${total} revealed.`
