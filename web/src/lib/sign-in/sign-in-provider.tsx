import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { isAddressEqual } from 'viem'
import { useAccount } from 'wagmi'
import { fetchSession, type Session } from './auth-api'

/** The sign-in status as RainbowKit's authentication adapter knows it. */
export type SignInStatus = 'loading' | 'unauthenticated' | 'authenticated'

type SignIn = {
  status: SignInStatus
  /** False when the API cannot be reached: the app keeps working without sign-in. */
  enabled: boolean
  /** Takes the session the API has just opened or closed, without asking again. */
  settle: (session: Session) => void
}

const SignInContext = createContext<SignIn>({
  status: 'unauthenticated',
  enabled: false,
  settle: () => {},
})

/** The sign-in state the kit's authentication adapter builds on (see `KitAuthentication`). */
export const useSignIn = () => useContext(SignInContext)

/** Whether the connected account is signed in to our API ('authenticated'), not yet, or still being checked. */
export const useSignInStatus = () => useContext(SignInContext).status

/**
 * The browser's session with our API (Sign-In with Ethereum, EIP-4361), known to every page. Signing in and out
 * is RainbowKit's (the wallet kit's) part; this keeps what the API says, so a page knows it without the kit.
 */
export function SignInProvider({ children }: { children: ReactNode }) {
  const { address } = useAccount()
  const [session, setSession] = useState<Session | 'loading' | 'unavailable'>('loading')
  useEffect(() => {
    fetchSession().then(setSession, () => setSession('unavailable'))
  }, [])
  const settle = useCallback((next: Session) => setSession(next), [])

  let status: SignInStatus = 'unauthenticated'
  if (session === 'loading') status = 'loading'
  else if (
    session !== 'unavailable' &&
    session.authenticated &&
    address &&
    isAddressEqual(session.address as `0x${string}`, address)
  ) {
    status = 'authenticated'
  }
  const enabled = session !== 'unavailable'
  const value = useMemo(() => ({ status, enabled, settle }), [status, enabled, settle])

  return <SignInContext value={value}>{children}</SignInContext>
}
