import { Button } from '@/components/ui/button'
import styles from './sky-viewer.module.css'

export type ViewerStepsProps = {
  /** Position of the sky shown, from 0. */
  index: number
  count: number
  onNavigate: (index: number) => void
}

/** The viewer's Previous and Next buttons around its place in the list ("3 / 24"). */
export function ViewerSteps({ index, count, onNavigate }: ViewerStepsProps) {
  return (
    <nav className={styles.steps} aria-label="Skies">
      <Button variant="secondary" size="sm" disabled={index === 0} onClick={() => onNavigate(index - 1)}>
        <span aria-hidden="true">←</span> Previous
      </Button>
      <span className={styles.count}>
        {index + 1} / {count}
      </span>
      <Button variant="secondary" size="sm" disabled={index >= count - 1} onClick={() => onNavigate(index + 1)}>
        Next <span aria-hidden="true">→</span>
      </Button>
    </nav>
  )
}
