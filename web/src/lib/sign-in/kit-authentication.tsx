import { createAuthenticationAdapter, RainbowKitAuthenticationProvider } from '@rainbow-me/rainbowkit'
import { type ReactNode, useMemo } from 'react'
import { fetchNonce, signInMessage, signOut, verifySignIn } from './auth-api'
import { useSignIn } from './sign-in-provider'

/**
 * Sign-In with Ethereum (EIP-4361) through RainbowKit's authentication adapter, against our API, on the session
 * state `SignInProvider` keeps. RainbowKit's authentication is on only while a page asks for a sign-in and while
 * signed in, so connecting asks for no signature. When the API cannot be reached the app works without sign-in.
 */
export function KitAuthentication({ children }: { children: ReactNode }) {
  const { status, enabled, settle } = useSignIn()
  // The session the API answers with is taken at once: asked for again, it would leave the status 'unauthenticated'
  // for a round trip after RainbowKit has closed its modal, and RainbowKit offers no chain or account modal then (a
  // press on "switch network" right after signing in did nothing).
  const adapter = useMemo(
    () =>
      createAuthenticationAdapter<string>({
        getNonce: fetchNonce,
        createMessage: (args) => signInMessage(args),
        verify: async ({ message, signature }) => {
          const session = await verifySignIn(message, signature)
          if (session) settle(session)
          return session !== undefined
        },
        signOut: async () => {
          await signOut()
          settle({ authenticated: false })
        },
      }),
    [settle],
  )
  return (
    <RainbowKitAuthenticationProvider adapter={adapter} status={status} enabled={enabled}>
      {children}
    </RainbowKitAuthenticationProvider>
  )
}
