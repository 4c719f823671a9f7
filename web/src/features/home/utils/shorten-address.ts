/** `0x5FbDB2315678afecb367f032d93F642f64180aa3` → `0x5FbD…0aa3`; anything that is not an address is returned as is. */
export function shortenAddress(address: string, chars = 4): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return address
  return `${address.slice(0, 2 + chars)}…${address.slice(-chars)}`
}
