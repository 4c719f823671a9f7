import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * A state that goes back to `rest` `ms` after it was last set: a button's "Copied" that reads as before again.
 * Setting it anew restarts the wait.
 */
export function useBriefly<T>(rest: T, ms: number): [T, (value: T) => void] {
  const [value, setValue] = useState(rest)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const set = useCallback(
    (next: T) => {
      clearTimeout(timer.current)
      setValue(next)
      if (next !== rest) timer.current = setTimeout(() => setValue(rest), ms)
    },
    [rest, ms],
  )
  return [value, set]
}
