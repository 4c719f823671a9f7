import type { ReactNode } from 'react'
import page from '@/styles/page.module.css'

type PageIntroProps = {
  /** A few words above the title that say where the page stands in the game. */
  kicker: ReactNode
  /** The page's one h1. */
  title: ReactNode
  lead?: ReactNode
  /** What else opens the page (its links, an address), under the lead. */
  children?: ReactNode
}

/** A page's opening: the kicker, its one h1, the lead, and what the page adds under them. */
export function PageIntro({ kicker, title, lead, children }: PageIntroProps) {
  return (
    <header className={page.intro}>
      <p className={page.kicker}>{kicker}</p>
      <h1 className={page.title}>{title}</h1>
      {lead ? <p className={page.lead}>{lead}</p> : null}
      {children}
    </header>
  )
}
