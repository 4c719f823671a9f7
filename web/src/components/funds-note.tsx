import { sepolia } from 'wagmi/chains'
import { ExternalLink } from '@/components/external-link'
import { Note } from '@/components/ui/note'
import { localChain } from '@/lib/wallet/chains'

/** Where a chain's test ether comes from: faucets' pages, opened only when the player follows the link. */
const faucets: Record<number, readonly { name: string; url: string }[]> = {
  [sepolia.id]: [
    { name: 'Google Cloud’s Sepolia faucet', url: 'https://cloud.google.com/application/web3/faucet/ethereum/sepolia' },
    { name: 'Alchemy’s Sepolia faucet', url: 'https://www.alchemy.com/faucets/ethereum-sepolia' },
  ],
}

/** Under a write the wallet cannot pay for: how much short, and where to get test ether on this chain. */
export function FundsNote({ chainId, currency }: { chainId: number; currency: string }) {
  const here = faucets[chainId]
  return (
    <Note tone="warning">
      Your wallet does not hold enough {currency.toUpperCase()} for this, and the gas to send it.{' '}
      {here ? (
        <>
          Test {currency.toUpperCase()} is free:{' '}
          {here.map(({ name, url }, i) => (
            <span key={url}>
              {i > 0 && ' or '}
              <ExternalLink href={url}>{name}</ExternalLink>
            </span>
          ))}
          .
        </>
      ) : chainId === localChain.id ? (
        'On the local chain, the Local dev wallet funds itself; any other wallet can be sent ether from an anvil account.'
      ) : null}
    </Note>
  )
}
