/** Stand in for the pages that read the chain through wagmi, in tests of the shell and the routing. */
export const MintPage = () => <h1>Mint</h1>
export const StargazePage = () => <h1>Stargaze</h1>
export const ComposePage = () => <h1>Compose</h1>
export const ComposeSkyPage = ({ skyId }: { skyId: bigint }) => <h1>{`Compose sky #${skyId}`}</h1>
