export { MintPage } from './components/mint-page'
