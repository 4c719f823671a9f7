import { useDocumentTitle } from '@/components/use-document-title'
import { GameSteps } from './game-steps'
import { Hero } from './hero'

/** The landing page: what the game is, and the way into each of its three areas. */
export function HomePage() {
  useDocumentTitle()
  return (
    <>
      <Hero />
      <GameSteps />
    </>
  )
}
