import {
  type AuthenticationStatus,
  createAuthenticationAdapter,
  RainbowKitAuthenticationProvider,
} from '@rainbow-me/rainbowkit'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { isAddressEqual } from 'viem'
import { useAccount } from 'wagmi'
import { fetchNonce, fetchSession, type Session, signInMessage, signOut, verifySignIn } from '../api/auth'

type Props = { children: ReactNode }

const StatusContext = createContext<AuthenticationStatus>('unauthenticated')

/** Whether the connected account is signed in to our API ('authenticated'), not yet, or still being checked. */
export const useSignInStatus = () => useContext(StatusContext)

/**
 * Sign-In with Ethereum through RainbowKit's authentication adapter, against our API. When the API
 * cannot be reached the app keeps working without sign-in.
 */
export function SignInProvider({ children }: Props) {
  const { address } = useAccount()
  const [session, setSession] = useState<Session | 'loading' | 'unavailable'>('loading')
  const refresh = useCallback(() => {
    fetchSession().then(setSession, () => setSession('unavailable'))
  }, [])
  useEffect(refresh, [refresh])

  const adapter = useMemo(
    () =>
      createAuthenticationAdapter<string>({
        getNonce: fetchNonce,
        createMessage: (args) => signInMessage(args),
        verify: async ({ message, signature }) => {
          const ok = await verifySignIn(message, signature)
          refresh()
          return ok
        },
        signOut: async () => {
          await signOut()
          refresh()
        },
      }),
    [refresh],
  )

  let status: AuthenticationStatus = 'unauthenticated'
  if (session === 'loading') status = 'loading'
  else if (
    session !== 'unavailable' &&
    session.authenticated &&
    address &&
    isAddressEqual(session.address as `0x${string}`, address)
  ) {
    status = 'authenticated'
  }

  return (
    <RainbowKitAuthenticationProvider adapter={adapter} status={status} enabled={session !== 'unavailable'}>
      <StatusContext value={status}>{children}</StatusContext>
    </RainbowKitAuthenticationProvider>
  )
}
