import { createContext, useContext } from 'react'

/**
 * Values the build writes into a page in place of what the server fills in as it serves it (see
 * vite-plugins/prerender.ts): empty in the browser. `skyPicture` stands for a sky's picture (server/src/web-pages.ts).
 */
export const PageTemplate = createContext<Readonly<Record<string, string>>>({})

export const usePageTemplate = () => useContext(PageTemplate)
