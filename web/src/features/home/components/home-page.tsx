import { useDocumentTitle } from '@/components/use-document-title'
import { GameSteps } from './game-steps'
import { Hero } from './hero'
import { LatestActivity } from './latest-activity'

/** The landing page: what the game is, the way into each of its three areas, and what is happening in it. */
export function HomePage() {
  useDocumentTitle()
  return (
    <>
      <Hero />
      <GameSteps />
      <LatestActivity />
    </>
  )
}
