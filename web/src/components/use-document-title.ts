import { useEffect } from 'react'

export const PRODUCT_NAME = 'chainellation'

/** Sets the tab title to `chainellation — {page}`, or the bare product name for the home page. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${PRODUCT_NAME} — ${page}` : PRODUCT_NAME
  }, [page])
}
