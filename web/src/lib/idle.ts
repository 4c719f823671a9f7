type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number
  cancelIdleCallback?: (handle: number) => void
}

/**
 * Runs `task` in an idle period of the main thread, or as an ordinary task once `timeoutMs` have passed without one
 * (a page that draws every frame, a busy CPU); a task a moment later where the browser has no idle callbacks (Safari).
 * Returns how to call it off.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  const { requestIdleCallback, cancelIdleCallback } = globalThis as unknown as IdleWindow
  if (requestIdleCallback) {
    const handle = requestIdleCallback(task, { timeout: timeoutMs })
    return () => cancelIdleCallback?.(handle)
  }
  const timer = setTimeout(task, 50)
  return () => clearTimeout(timer)
}
