import { chainellationAbi, decorationsAbi, decorationTokenAbi } from '@chainellation/contracts'
import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  type Hex,
  InsufficientFundsError,
  ResourceUnavailableRpcError,
  UserRejectedRequestError,
} from 'viem'

/** Our custom errors in words a player understands. */
const sentences: Record<string, string> = {
  ChainellationSoldOut: 'Every sky has been minted.',
  ChainellationWrongPayment: 'The payment does not match the price; refresh the price and try again.',
  ChainellationInvalidTimeZone: 'That time zone is not one a sky can live in.',
  ChainellationInvalidHue: 'Hues run from 0 to 359.',
  ChainellationInvalidConstellation: 'That constellation is not in the catalogue.',
  ChainellationInvalidClouds: 'Cloud levels run from 1 to 4.',
  ChainellationNotSkyOwner: 'Only the owner of this sky can do that.',
  ChainellationNotNight: 'It is not night over this sky yet.',
  ChainellationGazeTooSoon: 'This sky was gazed at less than 14 hours ago.',
  ChainellationFullyRevealed: 'Every star of this constellation is already revealed.',
  // The collection's refusal, through setLayers, of a registry it no longer wears.
  ChainellationNotDecorations: 'The skies no longer wear decorations from this registry, so its layers cannot be set.',
  DecorationsNonexistentSky: 'This sky does not exist.',
  DecorationsNotSkyOwner: 'Only the owner of this sky can decorate it.',
  DecorationsUnknownDecoration: 'That decoration is not registered.',
  DecorationsWrongLayer: 'That decoration belongs on another layer.',
  DecorationsNotDecorationOwner: 'You no longer hold that decoration.',
  DecorationsInvalidToken: 'That decoration takes no token.',
  DecorationsInvalidLayer: 'Layers are silhouette, sky and object.',
  DecorationTokenSoldOut: 'This decoration is sold out.',
  DecorationTokenWrongPayment: 'The payment does not match the decoration price.',
  // The ERC-721 base's error, raised by the skies and the decoration tokens alike for an id never minted.
  TokenDoesNotExist: 'This sky or decoration does not exist.',
}

/** True for a wallet's "user rejected" answer, which is not an error to show. */
export function isUserRejection(error: unknown): boolean {
  return error instanceof BaseError && error.walk((e) => e instanceof UserRejectedRequestError) !== null
}

/** What to tell a player whose wallet answered -32002: it is still showing an earlier request. */
export const WALLET_BUSY =
  'Your wallet already has a request waiting: open your wallet, answer it there, then try again.'

/** True for a wallet's "a request is already pending" answer (-32002), e.g. an earlier prompt left open. */
export function isRequestPending(error: unknown): boolean {
  return error instanceof BaseError && error.walk((e) => e instanceof ResourceUnavailableRpcError) !== null
}

/** Every custom error the game's contracts can raise. */
const gameErrors = [...chainellationAbi, ...decorationsAbi, ...decorationTokenAbi].filter(
  (item) => item.type === 'error',
)

/** Revert data a wallet or node attached to an RPC error (`data`, or `data.data` as some wallets nest it). */
function revertData(error: unknown): Hex | undefined {
  const data = (error as { data?: unknown }).data
  const hex = typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : data
  return typeof hex === 'string' && /^0x[0-9a-f]{8,}$/i.test(hex) ? (hex as Hex) : undefined
}

/** The custom error a contract reverted with: decoded by viem for a simulation, from raw data for a wallet's send. */
function revertName(error: BaseError): string | undefined {
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  if (reverted instanceof ContractFunctionRevertedError && reverted.data) return reverted.data.errorName
  let name: string | undefined
  error.walk((e) => {
    const data = revertData(e)
    if (!data) return false
    try {
      name = decodeErrorResult({ abi: gameErrors, data }).errorName
      return true
    } catch {
      return false
    }
  })
  return name
}

/** Our sentence for the game error `error` carries, if it carries one. */
export function revertSentence(error: unknown): string | undefined {
  const name = error instanceof BaseError ? revertName(error) : undefined
  return name ? sentences[name] : undefined
}

/** What to tell a player whose wallet cannot pay for a write and its gas (viem's `InsufficientFundsError`). */
export const INSUFFICIENT_FUNDS =
  'Your wallet does not hold enough to pay for this and its gas. Add funds (on a test network, from a faucet) and try again.'

/** A sentence for `error`: our words for a custom error or a wallet that cannot pay, else viem's short message. */
export function errorMessage(error: unknown): string {
  if (error instanceof BaseError && error.walk((e) => e instanceof InsufficientFundsError) !== null)
    return INSUFFICIENT_FUNDS
  if (error instanceof BaseError) return revertSentence(error) ?? error.shortMessage
  return error instanceof Error ? error.message : 'Something went wrong.'
}

/** A sentence for an error the wallet answered to a request to send: a busy wallet is told to be looked at. */
export function walletErrorMessage(error: unknown): string {
  return isRequestPending(error) ? WALLET_BUSY : errorMessage(error)
}

/** What the write's button area says once a sent transaction has ended without doing its work. */
export const outcomeSentences = {
  reverted: 'The transaction failed on chain.',
  cancelled: 'The transaction was cancelled in your wallet; nothing was done.',
  replaced: 'Your wallet sent another transaction in its place, so this one will not go through.',
  dropped:
    'The network dropped this transaction without mining it (or your wallet replaced it). Check your wallet before you try again.',
} as const
