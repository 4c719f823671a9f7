export { SkyPage } from './components/sky-page'
