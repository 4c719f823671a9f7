import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  erc20Abi,
  erc721Abi,
  type TransactionReceipt,
  zeroAddress,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { mintedTokenId } from './minted-token'

const sky = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const
const other = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as const
const player = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const

type Log = TransactionReceipt['logs'][number]

/** A log as a receipt carries it. */
const log = (address: Address, topics: ReturnType<typeof encodeEventTopics>, data: `0x${string}` = '0x'): Log => ({
  address,
  topics: topics as Log['topics'],
  data,
  blockHash: `0x${'11'.repeat(32)}`,
  blockNumber: 1n,
  logIndex: 0,
  transactionHash: `0x${'22'.repeat(32)}`,
  transactionIndex: 0,
  removed: false,
})

const transfer = (address: Address, from: Address, to: Address, tokenId: bigint) =>
  log(address, encodeEventTopics({ abi: erc721Abi, eventName: 'Transfer', args: { from, to, tokenId } }))

describe('mintedTokenId', () => {
  it('reads the id from the mint at the contract', () => {
    expect(mintedTokenId({ logs: [transfer(sky, zeroAddress, player, 48n)] }, sky)).toBe(48n)
  })

  it('matches the contract whatever the case of its address', () => {
    expect(mintedTokenId({ logs: [transfer(sky, zeroAddress, player, 7n)] }, sky.toLowerCase() as Address)).toBe(7n)
  })

  it('passes over transfers between owners, mints at other contracts and ERC-20 transfers', () => {
    const erc20 = log(
      sky,
      encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer', args: { from: zeroAddress, to: player } }),
      encodeAbiParameters([{ type: 'uint256' }], [5n]),
    )
    const logs = [transfer(sky, player, other, 3n), transfer(other, zeroAddress, player, 9n), erc20]
    expect(mintedTokenId({ logs }, sky)).toBeUndefined()
    expect(mintedTokenId({ logs: [...logs, transfer(sky, zeroAddress, player, 12n)] }, sky)).toBe(12n)
  })

  it('without a contract named, reads the first mint at any contract', () => {
    const logs = [transfer(sky, player, other, 3n), transfer(other, zeroAddress, player, 9n)]
    expect(mintedTokenId({ logs })).toBe(9n)
    expect(mintedTokenId({ logs: logs.slice(0, 1) })).toBeUndefined()
  })

  it('is undefined for a receipt without logs', () => {
    expect(mintedTokenId({ logs: [] }, sky)).toBeUndefined()
  })
})
