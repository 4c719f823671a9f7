import { type Address, erc721Abi, isAddressEqual, parseEventLogs, type TransactionReceipt, zeroAddress } from 'viem'

/**
 * The id of the token `receipt` minted (an ERC-721 Transfer from the zero address) at `contract`, or at any contract
 * when none is named, if it minted one.
 */
export function mintedTokenId(receipt: Pick<TransactionReceipt, 'logs'>, contract?: Address): bigint | undefined {
  return parseEventLogs({ abi: erc721Abi, eventName: 'Transfer', logs: receipt.logs }).find(
    (log) => log.args.from === zeroAddress && (!contract || isAddressEqual(log.address, contract)),
  )?.args.tokenId
}
