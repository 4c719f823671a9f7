import { Link, useSearchParams } from 'react-router'
import { useDocumentTitle } from '@/components/use-document-title'
import page from '@/styles/page.module.css'
import { Gallery } from './gallery'
import { MySkies } from './my-skies'
import styles from './stargaze-page.module.css'

/** /stargaze: your skies and the nightly gaze, or (`?view=everyone`) everyone's skies. */
export function StargazePage() {
  const [params] = useSearchParams()
  const everyone = params.get('view') === 'everyone'
  useDocumentTitle(everyone ? 'Everyone’s skies' : 'Stargaze')
  return (
    <div className={page.page}>
      <header className={page.intro}>
        <p className={page.kicker}>The night ritual</p>
        <h1 className={page.title}>Stargaze</h1>
        <p className={page.lead}>
          When night falls where a sky lives, its owner may gaze at it once every 14 hours. Each gaze reveals one more
          star of its secret constellation.
        </p>
      </header>
      <nav className={styles.tabs} aria-label="Skies">
        <Link to="/stargaze" className={styles.tab} aria-current={everyone ? undefined : 'page'}>
          Your skies
        </Link>
        <Link to="/stargaze?view=everyone" className={styles.tab} aria-current={everyone ? 'page' : undefined}>
          Everyone’s skies
        </Link>
      </nav>
      {everyone ? <Gallery /> : <MySkies />}
    </div>
  )
}
