import { createAuthenticationAdapter, RainbowKitAuthenticationProvider } from '@rainbow-me/rainbowkit'
import { type ReactNode, useMemo } from 'react'
import { fetchNonce, signInMessage, signOut, verifySignIn } from '../api/auth'
import { useSignIn } from './sign-in-provider'

/**
 * Sign-In with Ethereum (EIP-4361) through RainbowKit's authentication adapter, against our API, on the session
 * state `SignInProvider` keeps. When the API cannot be reached the app keeps working without sign-in.
 */
export function KitAuthentication({ children }: { children: ReactNode }) {
  const { status, enabled, refresh } = useSignIn()
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
  return (
    <RainbowKitAuthenticationProvider adapter={adapter} status={status} enabled={enabled}>
      {children}
    </RainbowKitAuthenticationProvider>
  )
}
