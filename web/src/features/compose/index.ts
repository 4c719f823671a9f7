export { ComposePage } from './components/compose-page'
export { ComposeSkyPage } from './components/compose-sky-page'
export { DraftPage } from './components/draft-page'
