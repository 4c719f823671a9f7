import type { ReactNode } from 'react'
import { ButtonLink } from './button-link'
import styles from './not-found.module.css'
import { PagePanel } from './page-panel'
import { useDocumentTitle } from './use-document-title'

/** What any unknown address shows: a friendly sentence (or the route's own, `children`) and the way home. */
export function NotFound({ children }: { children?: ReactNode }) {
  useDocumentTitle('Not found')
  return (
    <PagePanel
      title="Lost in space"
      badge={<p className={styles.code}>404</p>}
      action={<ButtonLink to="/">Back home</ButtonLink>}
    >
      {children ?? <p>There is nothing at this address — it may have drifted off, or it never existed.</p>}
    </PagePanel>
  )
}
