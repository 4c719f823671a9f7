import { useEffect } from 'react'
import { Button } from '@/components/ui/button'
import { useNearViewport } from '@/hooks/use-near-viewport'
import styles from './my-skies.module.css'

export type MoreSkiesProps = { onMore: () => void }

/** Loads the next page when it comes near, or when pressed; a new one (a new `key`) takes its place for the page after. */
export function MoreSkies({ onMore }: MoreSkiesProps) {
  const [ref, near] = useNearViewport<HTMLButtonElement>('200px')
  useEffect(() => {
    if (near) onMore()
  }, [near, onMore])
  return (
    <Button variant="secondary" ref={ref} className={styles.more} onClick={onMore}>
      Show more skies
    </Button>
  )
}
