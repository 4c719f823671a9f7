import { chainellationAddress, LOCAL_CHAIN_ID } from '@/config/deployments'
import { shortenAddress } from '../utils/shorten-address'
import { StarSky } from './star-sky'

/** Placeholder home page until the app shell lands. */
export function HomePage() {
  const address = chainellationAddress(LOCAL_CHAIN_ID)
  return (
    <>
      <StarSky />
      <main className="home">
        <h1 className="home__title">chainellation</h1>
        <p className="home__lede">
          An on-chain game of night skies. Mint a night sky whose art is drawn entirely by its contract, tied to your
          time zone. When night falls where your sky lives, stargaze: each night reveals one more star of its secret
          constellation, until the whole figure shines. Then compose your sky with decorations — a silhouette, something
          in the sky, an object — on its three layers.
        </p>
        <p className="home__chain">
          {address ? (
            <>
              Local chain: contracts deployed at <code title={address}>{shortenAddress(address)}</code>
            </>
          ) : (
            <>Local chain: no contracts deployed yet.</>
          )}
        </p>
      </main>
    </>
  )
}
