/** `0x1234…abcd`, the way wallets show an address. */
export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
