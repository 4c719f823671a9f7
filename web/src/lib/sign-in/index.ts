// Sign-In with Ethereum (EIP-4361) against the API: what the features need of the session.
export { useSignIn } from './sign-in-provider'
