import { BaseError, ContractFunctionRevertedError, UserRejectedRequestError } from 'viem'

/** Our custom errors in words a player understands. */
const sentences: Record<string, string> = {
  ChainellationSoldOut: 'Every sky has been minted.',
  ChainellationWrongPayment: 'The payment does not match the price; refresh the price and try again.',
  ChainellationInvalidTimeZone: 'That time zone is not one a sky can live in.',
  ChainellationInvalidHue: 'Hues run from 0 to 359.',
  ChainellationInvalidConstellation: 'That constellation is not in the catalogue.',
  ChainellationInvalidClouds: 'Cloud levels run from 1 to 4.',
  ChainellationNonexistentSky: 'This sky does not exist.',
  ChainellationNotSkyOwner: 'Only the owner of this sky can do that.',
  ChainellationNotNight: 'It is not night over this sky yet.',
  ChainellationGazeTooSoon: 'This sky was gazed at less than 14 hours ago.',
  ChainellationFullyRevealed: 'Every star of this constellation is already revealed.',
  DecorationsNonexistentSky: 'This sky does not exist.',
  DecorationsNotSkyOwner: 'Only the owner of this sky can decorate it.',
  DecorationsUnknownDecoration: 'That decoration is not registered.',
  DecorationsWrongLayer: 'That decoration belongs on another layer.',
  DecorationsNotDecorationOwner: 'You no longer hold that decoration.',
  DecorationsInvalidToken: 'That decoration takes no token.',
  DecorationsInvalidLayer: 'Layers are silhouette, sky and object.',
  DecorationTokenSoldOut: 'This decoration is sold out.',
  DecorationTokenWrongPayment: 'The payment does not match the decoration price.',
}

/** True for a wallet's "user rejected" answer, which is not an error to show. */
export function isUserRejection(error: unknown): boolean {
  return error instanceof BaseError && error.walk((e) => e instanceof UserRejectedRequestError) !== null
}

/** A sentence for `error`: our words for a custom error, else viem's short message. */
export function errorMessage(error: unknown): string {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
    const name = reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined
    if (name && sentences[name]) return sentences[name]
    return error.shortMessage
  }
  return error instanceof Error ? error.message : 'Something went wrong.'
}
