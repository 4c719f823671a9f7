export { StargazePage } from './components/stargaze-page'
