import type { ReactNode } from 'react'
import styles from './sky-frame.module.css'

export type SkyFrameProps = {
  /** An `data:image/svg+xml` URL: sky art is untrusted markup and is only ever shown as an image. */
  src: string | undefined
  alt: string
  /** Shown over the frame, e.g. while the image loads. */
  children?: ReactNode
  className?: string
}

/** A sky's 512×512 art in a glowing frame that scales down with the screen. */
export function SkyFrame({ src, alt, children, className }: SkyFrameProps) {
  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')}>
      {src && <img className={styles.image} src={src} alt={alt} width={512} height={512} decoding="async" />}
      {children}
    </div>
  )
}
