import { concat, type Hex, numberToHex, pad, size, slice } from 'viem'

// Contract code written byte by byte for the tests of the write path: installed with anvil_setCode at any address,
// it answers every call the same way, so a test needs no compiled contract.

/** Stores `data` in memory from offset 0, then ends with `end` (RETURN or REVERT of that memory). */
function answering(data: Hex, end: Hex): Hex {
  const words = Math.ceil(size(data) / 32)
  const padded = pad(data, { dir: 'right', size: words * 32 })
  const stores = Array.from({ length: words }, (_, i) =>
    // PUSH32 word, PUSH1 offset, MSTORE
    concat(['0x7f', slice(padded, i * 32, (i + 1) * 32), '0x60', numberToHex(i * 32, { size: 1 }), '0x52']),
  )
  // PUSH1 length, PUSH1 0, then RETURN (f3) or REVERT (fd)
  return concat([...stores, '0x60', numberToHex(size(data), { size: 1 }), '0x6000', end])
}

/** Code that reverts with `data` whatever it is called with. */
export const revertingCode = (data: Hex): Hex => answering(data, '0xfd')

/** Code that returns `data` whatever it is called with (and accepts any value). */
export const returningCode = (data: Hex): Hex => answering(data, '0xf3')
