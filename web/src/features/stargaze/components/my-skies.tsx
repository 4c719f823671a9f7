import { GameGate } from '@/components/game-gate'
import { StateNote } from '@/components/state-note'
import { useMySkies } from '@/lib/game'
import { gazeTarget } from '../utils/gaze-target'
import { SkyList } from './sky-list'

/**
 * Your skies as cards, each with its Gaze button and its reminder, and one button to gaze at every ready sky at once.
 * `gaze` (`?gaze=N`, where a reminder leads) names the sky to make ready.
 */
export function MySkies({ gaze }: { gaze?: string | null }) {
  const skies = useMySkies()
  return (
    <GameGate
      wallet={{
        title: 'Connect to see your skies',
        text: 'Your skies live in your wallet. Connect it to stargaze; everyone’s skies are one tab away.',
      }}
      reads={[skies]}
      loading="Looking for your skies…"
      silent="Your skies will show when it does."
    >
      {() =>
        skies.data?.length ? (
          <SkyList skies={skies.data} queryKey={skies.queryKey} target={gazeTarget(gaze)} />
        ) : (
          <StateNote title="No skies yet" link={{ label: 'Mint your first sky', to: '/mint' }}>
            Mint a night sky of your own, then come back at night to reveal its constellation, one star a night.
          </StateNote>
        )
      }
    </GameGate>
  )
}
