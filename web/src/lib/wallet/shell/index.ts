// What the app's shell needs of the wallet without loading the wallet stack: the deployment descriptor,
// the header's wallet button slot and the page's wallet boundary.
export { setDeployment, useDeployment } from './deployment'
export { adoptEarlyConnect, loadWalletStack, wantsWalletAtOnce } from './stack-loader'
export { WalletRoot, WalletSlot } from './wallet-root'
