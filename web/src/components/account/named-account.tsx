import { useName } from '@/lib/names/use-name'
import { AccountIdentity } from './account-identity'

/** `AccountIdentity` with the account's ENS name, looked up once the wallet stack (and its query cache) is there. */
export function NamedAccount({ address }: { address: `0x${string}` }) {
  return <AccountIdentity address={address} name={useName(address)} />
}
