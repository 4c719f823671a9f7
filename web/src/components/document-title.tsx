import { useDocumentTitle } from './use-document-title'

export type DocumentTitleProps = { page?: string }

/** Sets the tab title while rendered; for titles that depend on what the page decided to show. */
export function DocumentTitle({ page }: DocumentTitleProps) {
  useDocumentTitle(page)
  return null
}
