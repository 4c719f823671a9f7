/**
 * `0xa0…9720`: the first four and last four characters of an address (or a hash) of eight or more, as RainbowKit
 * shows the connected account in the header, so an owner reads the same everywhere.
 */
export const shortAddress = (address: string) =>
  address.length < 8 ? address : `${address.slice(0, 4)}…${address.slice(-4)}`
