import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { isAddressEqual } from 'viem'
import { useAccount } from 'wagmi'
import { fetchSession, type Session } from './auth-api'

/** The sign-in status as RainbowKit's authentication adapter knows it. */
export type SignInStatus = 'loading' | 'unauthenticated' | 'authenticated'

type SignIn = {
  status: SignInStatus
  /** False when the API cannot be reached: the app keeps working without sign-in. */
  available: boolean
  /**
   * Whether RainbowKit's authentication is on: while a sign-in is asked for, and while signed in. Off otherwise, so
   * connecting asks for no signature (docs/decisions/first-use.md).
   */
  enabled: boolean
  /** Whether a page has asked the player to sign in and the kit has not finished asking. */
  requested: boolean
  /** Asks the player to sign in (the kit opens RainbowKit's sign-in modal). */
  request: () => void
  /** Called by the kit once the sign-in it was asked for is over, signed in or not. */
  endRequest: () => void
  /** Takes the session the API has just opened or closed, without asking again. */
  settle: (session: Session) => void
}

const SignInContext = createContext<SignIn>({
  status: 'unauthenticated',
  available: false,
  enabled: false,
  requested: false,
  request: () => {},
  endRequest: () => {},
  settle: () => {},
})

/** The sign-in state the kit's authentication adapter builds on (see `KitAuthentication`). */
export const useSignIn = () => useContext(SignInContext)

/** Whether the connected account is signed in to our API ('authenticated'), not yet, or still being checked. */
export const useSignInStatus = () => useContext(SignInContext).status

/**
 * The browser's session with our API (Sign-In with Ethereum, EIP-4361), known to every page. Signing in and out
 * is RainbowKit's (the wallet kit's) part; this keeps what the API says, so a page knows it without the kit, and
 * carries a page's request to sign in to the kit. A session is needed only for drafts: connecting does not sign in.
 */
export function SignInProvider({ children }: { children: ReactNode }) {
  const { address } = useAccount()
  const [session, setSession] = useState<Session | 'loading' | 'unavailable'>('loading')
  const [requested, setRequested] = useState(false)
  useEffect(() => {
    fetchSession().then(setSession, () => setSession('unavailable'))
  }, [])
  const settle = useCallback((next: Session) => setSession(next), [])
  const request = useCallback(() => setRequested(true), [])
  const endRequest = useCallback(() => setRequested(false), [])

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
  const available = session !== 'unavailable'
  const enabled = available && (requested || status === 'authenticated')
  const value = useMemo(
    () => ({ status, available, enabled, requested, request, endRequest, settle }),
    [status, available, enabled, requested, request, endRequest, settle],
  )

  return <SignInContext value={value}>{children}</SignInContext>
}
