/** What sharing a link came to: handed to the system's share sheet, copied, given up by the person, or neither. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

/** A link to share, with the words a share sheet shows beside it (W3C Web Share API, ShareData). */
export type ShareData = { url: string; title: string; text?: string }

/** The parts of `navigator` sharing uses: the Web Share API where the browser has it, and the clipboard. */
export type Sharer = {
  share?: (data: ShareData) => Promise<void>
  canShare?: (data: ShareData) => boolean
  clipboard?: { writeText: (text: string) => Promise<void> }
}

/**
 * Shares `data` with the system's share sheet (`navigator.share`) where the browser has one, else copies the link.
 * A sheet the person closes is their choice, not a failure (the API rejects with an AbortError); a sheet the browser
 * refuses (NotAllowedError, as outside a press) falls back to copying.
 */
export async function shareLink(data: ShareData, sharer: Sharer = navigator): Promise<ShareOutcome> {
  if (sharer.share && sharer.canShare?.(data) !== false) {
    try {
      await sharer.share(data)
      return 'shared'
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled'
    }
  }
  try {
    if (!sharer.clipboard) return 'failed'
    await sharer.clipboard.writeText(data.url)
    return 'copied'
  } catch {
    return 'failed'
  }
}
