import type { SkyMetadata } from '@/lib/game'
import styles from './sky-thumb.module.css'

export type SkyThumbProps = {
  id: bigint
  meta: SkyMetadata | undefined
  failed: boolean
  /** Opens the sky large; without it the thumbnail is just an image. */
  onOpen?: () => void
}

/** A sky's chain-drawn image, square, with a placeholder of the same size until it arrives. */
export function SkyThumb({ id, meta, failed, onOpen }: SkyThumbProps) {
  const image = meta ? (
    <img className={styles.image} src={meta.image} alt={`Night sky #${id}`} width={512} height={512} />
  ) : (
    <span
      className={styles.placeholder}
      role="img"
      aria-label={failed ? `Night sky #${id} could not be drawn` : `Night sky #${id}, drawing…`}
    >
      {failed ? 'The chain did not return this image.' : null}
    </span>
  )
  if (!onOpen) return <div className={styles.thumb}>{image}</div>
  return (
    <button
      type="button"
      className={`${styles.thumb} ${styles.button}`}
      onClick={onOpen}
      aria-label={`Open night sky #${id}`}
    >
      {image}
    </button>
  )
}
