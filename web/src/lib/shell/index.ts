// What the app's shell needs of the wallet without loading the wallet stack: the deployment descriptor,
// the header's wallet button slot, the wallet stack's place beside the page and the pages' wallet islands.
export { setDeployment, useDeployment } from './deployment'
export { type LazyIsland, lazyIsland } from './lazy-island'
export { WalletIsland } from './wallet-island'
export { adoptEarlyConnect, loadWalletStack, wantsWalletAtOnce } from './wallet-loader'
export { WalletRoot, WalletSlot } from './wallet-root'
