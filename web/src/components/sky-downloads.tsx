import { useState } from 'react'
import { downloadPng, downloadSvg, PNG_SIZE } from '@/lib/game/download'
import styles from './sky-downloads.module.css'
import { Button } from './ui/button'
import { Icon } from './ui/icon'

export type SkyDownloadsProps = {
  /** The sky's `data:image/svg+xml;base64` image, as its metadata carries it. */
  src: string
  /** File name without extension, e.g. `chainellation-12`. */
  fileName: string
  className?: string
}

/** Saves a sky's art: the chain's SVG as it is, or a PNG drawn from it. */
export function SkyDownloads({ src, fileName, className }: SkyDownloadsProps) {
  const [png, setPng] = useState<'idle' | 'drawing' | 'failed'>('idle')

  const savePng = async () => {
    setPng('drawing')
    try {
      await downloadPng(src, fileName)
      setPng('idle')
    } catch {
      setPng('failed')
    }
  }

  return (
    <div className={[styles.downloads, className].filter(Boolean).join(' ')}>
      <div className={styles.buttons}>
        <Button variant="secondary" size="sm" className={styles.button} onClick={() => downloadSvg(src, fileName)}>
          <DownloadIcon />
          Download SVG
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className={styles.button}
          onClick={savePng}
          disabled={png === 'drawing'}
          aria-busy={png === 'drawing'}
        >
          <DownloadIcon />
          Download PNG
        </Button>
      </div>
      <p className={png === 'failed' ? styles.error : styles.hint} role="status">
        {png === 'failed'
          ? 'This browser could not draw the PNG; the SVG has the same picture.'
          : `SVG as the chain draws it · PNG ${PNG_SIZE}×${PNG_SIZE}`}
      </p>
    </div>
  )
}

const DownloadIcon = () => (
  <Icon stroke={1.8}>
    <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14" />
  </Icon>
)
