import { useState } from 'react'
import { useBriefly } from '@/hooks/use-briefly'
import { shareLink } from '@/lib/share'
import { Button } from './ui/button'
import { Icon } from './ui/icon'

/** How long the button says "Link copied" before it reads "Share" again. */
export const COPIED_MS = 1500

export type ShareButtonProps = {
  /** The page's path (`/sky/7`); the link is on the origin the page was opened at. */
  path: string
  /** The page's title, for a share sheet. */
  title: string
  className?: string
}

/**
 * Shares a page's link: through the system's share sheet where the browser has one (the Web Share API), else by
 * copying it, the button then saying "Link copied" for 1.5 s. The link previews as a card (the API writes
 * Open Graph tags into the page).
 */
export function ShareButton({ path, title, className }: ShareButtonProps) {
  const [copied, setCopied] = useBriefly(false, COPIED_MS)
  const [failed, setFailed] = useState(false)
  const state = failed ? 'failed' : copied ? 'copied' : 'idle'

  const share = async () => {
    // Read from the window at the press, never while rendering: the page is also rendered on the server.
    const outcome = await shareLink({ url: new URL(path, window.location.origin).href, title })
    setCopied(outcome === 'copied')
    setFailed(outcome === 'failed')
  }

  return (
    <>
      <Button variant="secondary" className={className} onClick={share}>
        <ShareIcon />
        {state === 'copied' ? 'Link copied' : 'Share'}
      </Button>
      <p role="status" className={state === 'failed' ? undefined : 'visually-hidden'}>
        {state === 'copied' && 'Link copied'}
        {state === 'failed' && 'This browser would not copy the link; copy it from the address bar.'}
      </p>
    </>
  )
}

const ShareIcon = () => (
  <Icon stroke={1.8}>
    <path d="M12 15V4m0 0L7.5 8.5M12 4l4.5 4.5M6 12v7.5h12V12" />
  </Icon>
)
