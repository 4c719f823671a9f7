import type { Abi, Address, ContractFunctionArgs, ContractFunctionName, ContractFunctionParameters } from 'viem'

/** The state mutabilities of a function a write may call. */
export type Writable = 'nonpayable' | 'payable'

/**
 * A contract write, in viem's terms (the `{ address, abi, functionName, args }` of wagmi's contract calls) and the
 * value it pays; the account and chain are the wallet's of the moment.
 */
export type WriteRequest<
  abi extends Abi = Abi,
  functionName extends ContractFunctionName<abi, Writable> = ContractFunctionName<abi, Writable>,
  args extends ContractFunctionArgs<abi, Writable, functionName> = ContractFunctionArgs<abi, Writable, functionName>,
> = ContractFunctionParameters<abi, Writable, functionName, args> & { value?: bigint }

/** A write once its arguments are checked. */
export type Call = { address: Address; abi: Abi; functionName: string; args: readonly unknown[]; value?: bigint }

/** A request as a call: checked against its ABI at the call site, from here on any function of any ABI. */
export const callOf = ({
  address,
  abi,
  functionName,
  args,
  value,
}: {
  address: Address
  abi: Abi
  functionName: string
  args?: unknown
  value?: bigint
}): Call => ({
  address,
  abi,
  functionName,
  args: Array.isArray(args) ? args : [],
  value,
})

/** Its line in the recent transactions: fixed, or written from the simulated return value (a mint's id). */
export type Description = string | ((result: unknown) => string)
