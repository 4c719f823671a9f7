import { useName } from '@/lib/names/use-name'
import { AccountLink } from './account-link'

/**
 * An account linking to its collector page, its ENS name looked up as it is shown. Uses the query cache: inside a
 * wallet island only.
 */
export function NamedAccountLink({ address }: { address: `0x${string}` }) {
  return <AccountLink address={address} name={useName(address)} />
}
