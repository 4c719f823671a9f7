import { HomePage } from '@/features/home/components/home-page'

/** The app shell; routes and wallet providers arrive with the real shell. */
export function App() {
  return <HomePage />
}
