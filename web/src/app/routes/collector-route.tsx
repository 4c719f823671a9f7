import { useParams } from 'react-router'
import { getAddress, isAddress } from 'viem'
import { NotFound } from '@/components/not-found'
import { CollectorPage } from '@/features/collectors'

/** /collector/:address — an account's page; anything but an address (a mixed-case one with its checksum) is none. */
export function CollectorRoute() {
  const param = useParams().address ?? ''
  if (!isAddress(param)) {
    return (
      <NotFound>
        <p>“{param}” is not an account address: an address is 0x followed by 40 hexadecimal digits.</p>
      </NotFound>
    )
  }
  return <CollectorPage address={getAddress(param)} />
}
